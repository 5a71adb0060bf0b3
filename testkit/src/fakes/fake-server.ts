import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readRequestText } from '../http/request-body.ts';
import { waitUntil } from '../wait-until.ts';

/** One request as the fake received it, for tests to assert what was sent upstream. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, the form fields of a url-encoded body, or the raw text. */
  body: unknown;
  /** True once the client went away before the reply was complete (an abort). */
  disconnected: boolean;
}

/** What the next model call answers. Every field is optional; nothing queued means an echo of the last user turn. */
export interface FakeReply {
  /**
   * Only a call to this model takes the reply; calls to other models (a conversation title
   * written by the provider's small model, say) pass it by and leave it queued.
   */
  model?: string;
  /**
   * Only a call whose request mentions this text (a word only the test's own message has) takes
   * the reply: tests running side by side on one stack cannot take each other's scripted replies.
   */
  mentioning?: string;
  /** Text deltas, streamed in order. */
  chunks?: string[];
  /** Reasoning deltas, streamed before the text where the wire format has them. */
  reasoning?: string[];
  /** Pause before each streamed frame. */
  delayMs?: number;
  usage?: { promptTokens: number; completionTokens: number };
  /** Stop reason in the upstream's own vocabulary (`length`, `max_tokens`, `MAX_TOKENS`…). */
  finishReason?: string;
  /** A non-2xx status answers with that upstream's error body instead of a stream. */
  status?: number;
  /** Replaces the generated error body. */
  errorBody?: unknown;
  errorMessage?: string;
  /** With status 429: the quota/billing variant of the error rather than the rate-limit one. */
  quota?: boolean;
  /** With a rate-limit 429: the seconds its `retry-after` (Google: RetryInfo) asks to wait; 20 by default. */
  retryAfter?: number;
  /** With status 403: the organization-verification refusal rather than the region one. */
  forbidden?: 'region' | 'verification';
  /** Keep the stream open after the chunks until the client leaves (to test aborts). */
  hold?: boolean;
  /** Drop the connection after the chunks, with no end frame: an upstream that dies mid-stream. */
  cut?: boolean;
  /** An error frame sent after the chunks, where the wire format has one (Anthropic `event: error`). */
  streamError?: { type: string; message: string };
  /** Function calls the model makes (Chat Completions `tool_calls`), after any text chunks. */
  toolCalls?: import('./openai-tool-calls.ts').FakeToolCall[];
  /** Base64 PNG answered by the images endpoints. */
  imageBase64?: string;
  /**
   * The provider's safety system stops the call: `prompt` refuses the request (Azure's 400
   * `content_filter`, Gemini's `promptFeedback.blockReason`), `reply` stops the answer mid-way
   * (Azure's `content_filter` finish, Gemini's `SAFETY` finish).
   */
  blocked?: 'prompt' | 'reply';
  /** Sources found by xAI's search tools (default: one example URL). */
  citations?: string[];
  /** What a Bing fake (Copilot or Sydney) answers besides the text. */
  bing?: import('./bing/bing-script.ts').BingScript;
}

export interface FakeUpstream {
  /** Origin, for example `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  enqueue(...replies: FakeReply[]): void;
  requests: RecordedRequest[];
  /** Resolves when request `index` has ended with the client gone; rejects after `timeoutMs`. */
  waitForDisconnect(index?: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface FakeContext {
  req: IncomingMessage;
  res: ServerResponse;
  recorded: RecordedRequest;
  url: URL;
  /** The oldest scripted reply meant for `model` (or for any model), or the default when none is. */
  takeReply(model: string): FakeReply;
}

export type FakeHandler = (ctx: FakeContext) => Promise<void> | void;

/** A WebSocket upgrade as the fake received it: recorded like a request, answered by the handler. */
export interface FakeUpgrade {
  req: IncomingMessage;
  socket: Socket;
  head: Buffer;
  recorded: RecordedRequest;
  url: URL;
  /** The oldest scripted reply meant for `model` whose script mentions what `body` holds. */
  takeReply(model: string, body: unknown): FakeReply;
}

/** 1×1 transparent PNG: the default picture of the images endpoints. */
export const tinyPngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

async function readBody(req: IncomingMessage): Promise<unknown> {
  const text = await readRequestText(req);
  if (text === '') return undefined;
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Starts an HTTP server on 127.0.0.1:0 that records every request and lets `handler` answer it. */
export async function startFakeServer(handler: FakeHandler, onUpgrade?: (upgrade: FakeUpgrade) => void): Promise<FakeUpstream> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const takeFor = (model: string, body: unknown): FakeReply => {
    let requestText: string | undefined;
    const mentions = (text: string) => (requestText ??= typeof body === 'string' ? body : JSON.stringify(body)).includes(text);
    const index = queue.findIndex(
      (reply) => (reply.model === undefined || reply.model === model) && (reply.mentioning === undefined || mentions(reply.mentioning)),
    );
    return index === -1 ? {} : queue.splice(index, 1)[0]!;
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body: undefined,
      disconnected: false,
    };
    requests.push(recorded);
    res.on('close', () => {
      if (!res.writableFinished) recorded.disconnected = true;
    });
    readBody(req)
      .then((body) => {
        recorded.body = body;
        return handler({ req, res, recorded, url, takeReply: (model) => takeFor(model, body) });
      })
      .catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: String(error) } }));
      });
  });
  if (onUpgrade) {
    server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = { method: 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body: undefined, disconnected: false };
      requests.push(recorded);
      socket.on('close', () => (recorded.disconnected = true));
      onUpgrade({ req, socket, head, recorded, url, takeReply: takeFor });
    });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    enqueue: (...replies) => void queue.push(...replies),
    requests,
    waitForDisconnect(index = requests.length - 1, timeoutMs = 2000) {
      return waitUntil(() => requests[index]?.disconnected === true, { timeout: timeoutMs, interval: 10, what: `request ${index} disconnected` });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The pause a scripted reply asks for before each frame: the fake's pace, not a test's wait. */
const pace = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A request id in the form the services use, for their `x-request-id` / `request-id` headers. */
export const requestId = (prefix = 'req_') => `${prefix}${Math.random().toString(36).slice(2, 14)}${Date.now().toString(36)}`;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * Writes server-sent-event frames one by one, pausing `delayMs` before each, and stops as soon
 * as the client has gone. With `hold` the response stays open until the client leaves.
 */
export async function streamFrames(ctx: FakeContext, frames: Iterable<string>, reply: FakeReply) {
  const { res } = ctx;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
  for (const frame of frames) {
    if (reply.delayMs) await pace(reply.delayMs);
    if (res.destroyed) return;
    res.write(frame);
  }
  if (reply.cut) {
    // Lets the written frames reach the client before the reset.
    await new Promise<void>((resolve) => res.write('', () => resolve()));
    res.destroy();
    return;
  }
  if (reply.hold) {
    await new Promise<void>((resolve) => res.once('close', () => resolve()));
    return;
  }
  res.end();
}

/** Text of the last user turn in whatever shape the upstream uses, for the default echo reply. */
export function echoChunks(lastUserText: string | undefined): string[] {
  const words = `Echo: ${lastUserText ?? ''}`.trim().split(/(?<= )/);
  return words;
}

export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : ''))
      .join('');
  }
  return '';
}
