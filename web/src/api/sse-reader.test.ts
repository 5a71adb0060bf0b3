import { describe, expect, it } from 'vitest';
import type { SseEvent } from '@parley/core';
import { readSse } from './sse-reader.ts';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]): Promise<SseEvent[]> {
  const frames: SseEvent[] = [];
  for await (const frame of readSse(streamOf(chunks))) frames.push(frame);
  return frames;
}

describe('readSse', () => {
  it('reassembles frames split across network chunks, including a split multi-byte character', async () => {
    const text = 'event: message\ndata: {"delta":"你好"}\n\n';
    const bytes = new TextEncoder().encode(text);
    const cut = text.indexOf('你') + 4;
    const decoder = new TextDecoder();
    const first = decoder.decode(bytes.slice(0, cut));
    const frames: SseEvent[] = [];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    for await (const frame of readSse(stream)) frames.push(frame);
    expect(first.length).toBeGreaterThan(0);
    expect(frames.map((f) => JSON.parse(f.data))).toEqual([{ delta: '你好' }]);
  });

  it('delivers a last frame that ends without its blank line', async () => {
    expect(await collect(['data: 1\n\n', 'event: error\ndata: 2'])).toEqual([
      { event: 'message', id: null, data: '1' },
      { event: 'error', id: null, data: '2' },
    ]);
  });
});
