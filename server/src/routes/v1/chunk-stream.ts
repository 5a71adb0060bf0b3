import type { FastifyReply } from 'fastify';
import { sseHeaders } from '../../http/sse.ts';
import { clientGone } from './client-gone.ts';
import { openAIAnswer } from './openai-error-reply.ts';


/** A client that reads slower than the upstream writes is cut off past this much unsent output. */
const UNSENT_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The Chat Completions event stream of one call. The head is sent with the first chunk, so a
 * call that fails before any chunk still answers its error with its own status; each chunk is
 * written as the JSON text it came as. `signal` aborts when the client goes away first.
 */
export class ChunkStream {
  private open = false;
  private readonly controller: AbortController;
  readonly signal: AbortSignal;

  constructor(private readonly reply: FastifyReply) {
    this.controller = clientGone(reply);
    this.signal = this.controller.signal;
  }

  readonly write = (json: string): void => this.writeFrame(`data: ${json}\n\n`);

  /** One whole SSE frame (`event:` and `data:` lines, blank line), for the dialects that name their events. */
  readonly writeFrame = (frame: string): void => {
    const raw = this.reply.raw;
    if (!this.open) {
      this.open = true;
      this.reply.hijack();
      raw.writeHead(200, sseHeaders);
    }
    raw.write(frame);
    if (raw.writableLength > UNSENT_MAX_BYTES) this.controller.abort();
  };

  get started(): boolean {
    return this.open;
  }

  /** Ends a dialect's stream with its closing frames (the head goes with them when nothing was sent yet). */
  endWith(frames: string): void {
    if (!this.open) this.writeFrame(frames);
    else this.reply.raw.write(frames);
    this.reply.raw.end();
  }

  /** A dialect's failure after the stream began: its own error frame as the last; nothing when the caller left. */
  failWith(frame: string): void {
    if (this.signal.aborted) return void this.reply.raw.destroy();
    this.reply.raw.end(frame);
  }

  end(): void {
    if (!this.open) this.write('{"choices":[]}');
    this.reply.raw.end('data: [DONE]\n\n');
  }

  /** A failure after the stream began: OpenAI's error object as the last event. */
  fail(error: unknown): void {
    if (this.signal.aborted) return void this.reply.raw.destroy();
    this.reply.raw.end(`data: ${JSON.stringify(openAIAnswer(error).body)}\n\n`);
  }
}
