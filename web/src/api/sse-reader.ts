import { readSse as readSseEvents, type SseEvent } from '@parley/core';

/** A fetch body's bytes as they arrive; an abort cancels the read. */
async function* bytesOf(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}

/**
 * Reads a fetch response body as server-sent events. EventSource cannot POST, and the chat
 * stream is opened by a POST carrying the message, so the body is read here and framed by
 * core's reader (the one the server reads upstream streams with).
 */
export function readSse(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SseEvent> {
  return readSseEvents(bytesOf(body, signal));
}
