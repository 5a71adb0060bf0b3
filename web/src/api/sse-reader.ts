/** One server-sent event: its `event:` name (default `message`), `id:` and joined `data:` lines. */
export interface SseFrame {
  event: string;
  id: string | null;
  data: string;
}

/**
 * Splits an event-stream text into frames, keeping the unfinished tail for the next chunk.
 * Frames end at a blank line; `:` lines are comments (the server's pings) and are skipped.
 */
export function parseSseChunk(buffer: string): { frames: SseFrame[]; rest: string } {
  const normalized = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  const frames: SseFrame[] = [];
  for (const block of blocks) {
    let event = 'message';
    let id: string | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) frames.push({ event, id, data: data.join('\n') });
  }
  return { frames, rest };
}

/**
 * Reads a fetch response body as server-sent events. EventSource cannot POST, and the chat
 * stream is opened by a POST carrying the message, so the frames are parsed here.
 */
export async function* readSse(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SseFrame> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const { frames, rest } = parseSseChunk(buffer);
      buffer = rest;
      yield* frames;
    }
    const { frames } = parseSseChunk(`${buffer}${decoder.decode()}\n\n`);
    yield* frames;
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
