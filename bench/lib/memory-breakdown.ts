import { existsSync, readFileSync } from 'node:fs';
import { mb } from './stats.ts';

interface MemorySample {
  pid: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/**
 * Where a process's resident memory was at its largest sample in a memory-hook.mjs log: the
 * JavaScript heap's live part (as of its last collection) and what V8 held beyond it, memory
 * outside the heap (Buffers among it), and the rest (code, stacks, allocator slack, PGlite's WebAssembly memory).
 */
export function peakBreakdown(file: string, pid: number): string | undefined {
  if (!existsSync(file)) return undefined;
  const samples = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MemorySample)
    .filter((sample) => sample.pid === pid);
  if (samples.length === 0) return undefined;
  const peak = samples.reduce((a, b) => (b.rss > a.rss ? b : a));
  const rest = peak.rss - peak.heapTotal - peak.external;
  return (
    `at the largest sample, RSS ${mb(peak.rss)} = JS heap ${mb(peak.heapTotal)} (used ${mb(peak.heapUsed)}, ` +
    `held beyond use ${mb(peak.heapTotal - peak.heapUsed)}) + outside the heap ${mb(peak.external)} (Buffers ${mb(peak.arrayBuffers)}) + the rest ${mb(rest)}; ` +
    `heap used at most ${mb(Math.max(...samples.map((s) => s.heapUsed)))}`
  );
}
