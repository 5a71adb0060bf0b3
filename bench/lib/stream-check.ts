import { chunkText, parseChunks } from './paced-fake-protocol.ts';
import type { PacedFake } from './paced-fake.ts';

/**
 * Follows one stream of the paced fake on the client: every chunk must arrive once, in order,
 * unchanged; each one's delay from its emission at the fake is kept.
 */
export class StreamCheck {
  next = 0;
  text = '';
  problem: string | undefined;
  /** Arrival of the first and the last chunk, to tell how many streams really overlapped. */
  firstAt = Number.NaN;
  lastAt = Number.NaN;

  constructor(
    readonly stream: number,
    readonly chunks: number,
    private readonly fake: PacedFake,
    private readonly latencies: number[],
  ) {}

  /** Text received at `arrivedAt`; may hold several chunks, or none. */
  receive(text: string, arrivedAt: number): void {
    const found = parseChunks(text);
    if (!found) return this.fail(`unexpected text ${JSON.stringify(text.slice(0, 40))}`);
    for (const { stream, k } of found) {
      if (stream !== this.stream || k !== this.next) return this.fail(`got s${stream}c${k}, expected s${this.stream}c${this.next}`);
      const emittedAt = this.fake.emittedAt(stream, k);
      if (emittedAt === undefined) return this.fail(`chunk ${k} arrived before the fake recorded sending it`);
      this.latencies.push(arrivedAt - emittedAt);
      if (this.next === 0) this.firstAt = arrivedAt;
      this.lastAt = arrivedAt;
      this.next += 1;
    }
    this.text += text;
  }

  fail(problem: string): void {
    this.problem ??= `stream ${this.stream}: ${problem}`;
  }

  /** The final check: every chunk, and the whole text as the fake sent it. */
  complete(): boolean {
    if (this.next !== this.chunks) this.fail(`${this.next} of ${this.chunks} chunks arrived`);
    else if (this.text !== this.expectedText()) this.fail('the received text differs from the sent text');
    return this.problem === undefined;
  }

  expectedText(): string {
    return Array.from({ length: this.chunks }, (_, k) => chunkText(this.stream, k)).join('');
  }
}

/** The largest number of streams that were delivering chunks at the same moment. */
export function peakOverlap(checks: readonly StreamCheck[]): number {
  const events = checks
    .filter((c) => !Number.isNaN(c.firstAt))
    .flatMap((c) => [
      { at: c.firstAt, step: 1 },
      { at: c.lastAt, step: -1 },
    ])
    .sort((a, b) => a.at - b.at || a.step - b.step);
  let live = 0;
  let peak = 0;
  for (const event of events) peak = Math.max(peak, (live += event.step));
  return peak;
}
