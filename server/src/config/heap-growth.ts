import v8 from 'node:v8';

/**
 * How far V8 lets the JavaScript heap grow past what the last full collection kept, in percent
 * (0 leaves V8's own choice). V8 picks up to 4× on a roomy machine: a streaming server makes
 * short-lived garbage at a steady rate, so the heap sat at several times its live size (about
 * 95 MB live under one abusive user, 280 MB held). The flag is read at each collection, so
 * setting it once the process runs takes effect from the next one.
 */
export function applyHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
