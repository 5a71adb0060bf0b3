import type { LookupFunction } from 'node:net';
import { lazyEvents, noEvents } from '../event-iterators.ts';
import { PushedEvents } from '../pushed-events.ts';
import { ProviderError, toProviderError } from '../provider-error.ts';
import type { ChatEvent, ChatRequest } from '../types.ts';
import { chatCompletionsBody, type ChatBodyInput, type ChatFlavor } from './chat-completions-body.ts';
import { ChunkEvents } from './chunk-events.ts';
import { bodyText, failureOf, postUpstream, readSseData } from './upstream-request.ts';

export interface ChatCompletionsCall extends ChatBodyInput {
  /** The full `…/chat/completions` address, with any query (Azure's api-version). */
  url: string;
  /** The credential header: `authorization: Bearer …`, or Azure's `api-key`. */
  headers: Record<string, string>;
  idleTimeoutMs?: number;
  /** The DNS lookup of the connection; the guarded one when the address came from user input. */
  lookup?: LookupFunction;
}

function parseChunk(data: string): object {
  try {
    return JSON.parse(data) as object;
  } catch {
    throw new ProviderError('upstream_error', `unreadable stream chunk: ${data.slice(0, 200)}`);
  }
}

/** A proxy that ignored `stream: true` answers one `chat.completion`; it is replayed as one chunk. */
function completionAsChunk(text: string): object {
  const completion = parseChunk(text) as { choices?: { message?: unknown; finish_reason?: string }[]; usage?: unknown };
  const choice = completion.choices?.[0];
  if (!choice?.message) throw new ProviderError('upstream_error', `not a chat completion: ${text.slice(0, 200)}`);
  return { choices: [{ delta: choice.message, finish_reason: choice.finish_reason }], usage: completion.usage };
}

/** A proxy that ignored `stream: true`: its one completion, read whole, as the events of one chunk. */
async function* completionEvents(flavor: ChatFlavor, sent: SentCall, signal: AbortSignal): AsyncGenerator<ChatEvent> {
  let finished = false;
  try {
    let text = '';
    for await (const piece of bodyText(sent.response)) text += piece;
    const chunks = new ChunkEvents(flavor);
    yield* chunks.read(completionAsChunk(text));
    yield* chunks.finish();
    finished = true;
  } catch (error) {
    if (signal.aborted) return;
    throw toProviderError(error);
  } finally {
    if (!finished) sent.destroy();
  }
}

/**
 * A streamed reply's events as its body's pieces arrive: each SSE event's chunk parsed and
 * folded into events, pushed to the one reader (see PushedEvents); the body is read to its end
 * even after [DONE], as only a fully read response lets its connection be reused. A failing chunk
 * fails the reader only after the events before it; an abort ends it quietly; a reader that
 * stops early closes the connection.
 */
function streamedEvents(flavor: ChatFlavor, sent: SentCall, signal: AbortSignal): AsyncIterable<ChatEvent> {
  const body = bodyText(sent.response);
  const events = new PushedEvents<ChatEvent>({ pause: () => body.pause(), resume: () => body.resume(), close: sent.destroy });
  const chunks = new ChunkEvents(flavor);
  let done = false;
  const fail = (error: unknown) => {
    if (signal.aborted) events.end();
    else events.fail(toProviderError(error));
    sent.destroy();
  };
  // Chat Completions carries everything in `data`; event names and ids are not used.
  readSseData(
    body,
    (data) => {
      if (done) return;
      if (data === '[DONE]') done = true;
      else for (const event of chunks.read(parseChunk(data))) events.push(event);
    },
    (error) => {
      if (error) return fail(error);
      try {
        // The finish may fail the reply (a content filter), after the events before it.
        for (const event of chunks.finish()) events.push(event);
        events.end();
      } catch (failure) {
        fail(failure);
      }
    },
  );
  return events;
}

type SentCall = Awaited<ReturnType<typeof postUpstream>>;

/**
 * Streams one Chat Completions reply (OpenAI, Azure, DeepSeek, xAI and compatible servers) as
 * ChatEvents. Parley reads this wire format itself rather than through the AI SDK: a plain text
 * reply needs none of the SDK's per-chunk web-stream stages and schema checks, which cost about
 * 45 µs of CPU per relayed chunk and ~1 ms before the first token. The call goes out at the
 * first read. Failures become ProviderErrors (no retries here: the exchange retries a short 429
 * once, anything else reaches the user); an abort ends the stream quietly and closes the
 * upstream connection.
 */
export function streamChatCompletions(call: ChatCompletionsCall, signal: AbortSignal): AsyncIterable<ChatEvent> {
  const { url, headers, idleTimeoutMs, lookup, ...input } = call;
  return lazyEvents(async () => {
    let sent: SentCall | undefined;
    try {
      sent = await postUpstream({ url: new URL(url), headers, body: JSON.stringify(chatCompletionsBody(input)), idleTimeoutMs, lookup }, signal);
      if ((sent.response.statusCode ?? 0) >= 400) throw await failureOf(sent.response);
    } catch (error) {
      sent?.destroy();
      if (signal.aborted) return noEvents;
      throw toProviderError(error);
    }
    const streamed = String(sent.response.headers['content-type'] ?? '').includes('text/event-stream');
    return streamed ? streamedEvents(input.flavor, sent, signal) : completionEvents(input.flavor, sent, signal);
  });
}

/**
 * The call of a server that takes a Bearer key at `{baseURL}/chat/completions` (OpenAI, DeepSeek,
 * xAI and compatible ones), for the branch and options of `request`.
 */
export function bearerChatCall(
  flavor: ChatFlavor,
  baseURL: string,
  apiKey: string,
  request: ChatRequest,
  upstream: Pick<ChatBodyInput, 'model' | 'reasoningEffort' | 'thinking'>,
): ChatCompletionsCall {
  return {
    flavor,
    url: `${baseURL}/chat/completions`,
    headers: { authorization: `Bearer ${apiKey}` },
    turns: request.messages,
    options: request.options,
    ...upstream,
  };
}
