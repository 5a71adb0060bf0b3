import type { LookupFunction } from 'node:net';
import { readSse } from '@parley/core';
import { ProviderError, toProviderError } from '../provider-error.ts';
import type { ChatEvent, ChatRequest } from '../types.ts';
import { chatCompletionsBody, type ChatBodyInput, type ChatFlavor } from './chat-completions-body.ts';
import { ChunkEvents } from './chunk-events.ts';
import { bodyText, failureOf, postUpstream } from './upstream-request.ts';

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

async function* events(flavor: ChatFlavor, body: AsyncIterable<string>, streamed: boolean): AsyncGenerator<ChatEvent> {
  const chunks = new ChunkEvents(flavor);
  if (!streamed) {
    let text = '';
    for await (const piece of body) text += piece;
    yield* chunks.read(completionAsChunk(text));
    yield* chunks.finish();
    return;
  }
  let done = false;
  // Chat Completions carries everything in `data`; event names and ids are not used. A failing
  // chunk throws only after the events before it have been handed on.
  for await (const { data } of readSse(body)) {
    // Read to the end even after [DONE]: only a fully read response lets its connection be reused.
    if (done) continue;
    if (data === '[DONE]') done = true;
    else yield* chunks.read(parseChunk(data));
  }
  yield* chunks.finish();
}

/**
 * Streams one Chat Completions reply (OpenAI, Azure, DeepSeek, xAI and compatible servers) as
 * ChatEvents. Parley reads this wire format itself rather than through the AI SDK: a plain text
 * reply needs none of the SDK's per-chunk web-stream stages and schema checks, which cost about
 * 45 µs of CPU per relayed chunk and ~1 ms before the first token. Failures become ProviderErrors
 * (no retries here: the exchange retries a short 429 once, anything else reaches the user); an abort ends the stream
 * quietly and closes the upstream connection.
 */
export async function* streamChatCompletions(call: ChatCompletionsCall, signal: AbortSignal): AsyncIterable<ChatEvent> {
  const { url, headers, idleTimeoutMs, lookup, ...input } = call;
  let destroy: (() => void) | undefined;
  let finished = false;
  try {
    const sent = await postUpstream({ url: new URL(url), headers, body: JSON.stringify(chatCompletionsBody(input)), idleTimeoutMs, lookup }, signal);
    destroy = sent.destroy;
    const { response } = sent;
    if ((response.statusCode ?? 0) >= 400) throw await failureOf(response);
    const streamed = String(response.headers['content-type'] ?? '').includes('text/event-stream');
    yield* events(input.flavor, bodyText(response), streamed);
    finished = true;
  } catch (error) {
    if (signal.aborted) return;
    throw toProviderError(error);
  } finally {
    // A consumer that stops early (abort, the title's length cap) must not leave the reply running upstream.
    if (!finished) destroy?.();
  }
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
