import { describe, expect, it } from 'vitest';
import { readSse } from './read-sse.ts';
import { SseLineTooLongError, type SseEvent } from './sse-parser.ts';

async function* piecesOf<T>(pieces: T[], read: T[] = []): AsyncGenerator<T> {
  for (const piece of pieces) {
    read.push(piece);
    yield piece;
  }
}

async function all(source: AsyncIterable<string | Uint8Array>, maxLineLength?: number): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const event of readSse(source, { maxLineLength })) out.push(event);
  return out;
}

describe('readSse: one reader for every event stream', () => {
  it('decodes bytes across pieces, a character split between two of them included', async () => {
    const bytes = new TextEncoder().encode('data: 你好\n\nid: 2\nevent: error\ndata: x\n\n');
    const cut = 8; // inside 你
    const events = await all(piecesOf([bytes.slice(0, cut), bytes.slice(cut)]));
    expect(events).toEqual([
      { event: 'message', id: null, data: '你好' },
      { event: 'error', id: '2', data: 'x' },
    ]);
  });

  it('takes text as it is, and dispatches a last event the body ended without a blank line', async () => {
    expect((await all(piecesOf(['data: a\n\ndata: ', 'b']))).map((e) => e.data)).toEqual(['a', 'b']);
  });

  it('hands on the events of a piece before it reads the next', async () => {
    const read: string[] = [];
    const reader = readSse(piecesOf(['data: one\n\ndata: two\n\n', 'data: three\n\n'], read));
    expect((await reader.next()).value?.data).toBe('one');
    expect((await reader.next()).value?.data).toBe('two');
    expect(read).toHaveLength(1);
    expect((await reader.next()).value?.data).toBe('three');
  });

  it('refuses a line longer than its bound, even one that never ends', async () => {
    await expect(all(piecesOf(['data: ', 'x'.repeat(50), 'y'.repeat(50)]), 64)).rejects.toBeInstanceOf(SseLineTooLongError);
    expect((await all(piecesOf(['data: ' + 'x'.repeat(50) + '\n\n']), 64)).map((e) => e.data.length)).toEqual([50]);
  });
});
