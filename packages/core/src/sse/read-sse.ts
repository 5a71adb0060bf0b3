import { SSE_MAX_LINE_LENGTH, SseParser, type SseEvent } from './sse-parser.ts';

export interface ReadSseOptions {
  /** The longest line accepted (SseLineTooLongError past it); 16 MiB by default. */
  maxLineLength?: number;
}

/**
 * Reads a body as server-sent events: text or bytes in (UTF-8, decoded across piece
 * boundaries), events out, in order. Every event a piece completes is handed on before the next
 * piece is read, so a delta is never held back. The one reader of the upstream streams (Chat
 * Completions, Responses) on the server and of the chat stream in the web app.
 */
export async function* readSse(source: AsyncIterable<string | Uint8Array>, options: ReadSseOptions = {}): AsyncGenerator<SseEvent> {
  const ready: SseEvent[] = [];
  const parser = new SseParser((event) => ready.push(event), options.maxLineLength ?? SSE_MAX_LINE_LENGTH);
  let decoder: InstanceType<typeof TextDecoder> | undefined;
  for await (const piece of source) {
    parser.push(typeof piece === 'string' ? piece : (decoder ??= new TextDecoder()).decode(piece, { stream: true }));
    // Indexed, then emptied at once, rather than a shift() per event on this hot path.
    for (let i = 0; i < ready.length; i++) yield ready[i]!;
    ready.length = 0;
  }
  const tail = decoder?.decode() ?? '';
  if (tail !== '') parser.push(tail);
  parser.end();
  yield* ready;
}
