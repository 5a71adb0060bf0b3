import { SseParser, type SseEvent } from '@parley/core';

/**
 * Reads a fetch response body as server-sent events. EventSource cannot POST, and the chat
 * stream is opened by a POST carrying the message, so the bytes are decoded here and framed
 * by core's parser (the one the server reads upstream streams with).
 */
export async function* readSse(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const frames: SseEvent[] = [];
  const parser = new SseParser((frame) => frames.push(frame));
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
      yield* frames.splice(0);
    }
    parser.push(decoder.decode());
    parser.end();
    yield* frames.splice(0);
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
