import { readSse } from '@parley/core';
import { bodyText, postUpstream } from '../chat-completions/upstream-request.ts';
import { ProviderError, toProviderError } from '../provider-error.ts';
import type { ChatEvent, ChatProvider, ChatRequest } from '../types.ts';
import { ConversationStream } from './conversation-stream.ts';
import { conversationBody, conversationUrl, type ConversationBody } from './conversation-request.ts';
import { webFailure } from './web-failure.ts';

const errorBodyLimit = 64 * 1024;

/** Connection failures that mean nothing answered at the proxy's address. */
const unreachableCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'ECONNRESET', 'EPIPE']);

async function readLimited(body: AsyncIterable<string>): Promise<string> {
  let text = '';
  try {
    for await (const piece of body) {
      text += piece;
      if (text.length > errorBodyLimit) break;
    }
  } catch {
    // A body cut short still says enough with its status.
  }
  return text.slice(0, errorBodyLimit);
}

/** Anything thrown before or while reading, in the user's terms: a proxy that never answered is named as such. */
function failureOf(error: unknown, answered: boolean): ProviderError {
  if (answered) return toProviderError(error);
  if (error instanceof ProviderError) {
    // The request's own idle timer: the proxy accepted the connection and then said nothing.
    if (error.code === 'upstream_error' && error.upstreamStatus === undefined && error.upstreamMessage === 'the upstream stopped answering') {
      return new ProviderError('upstream_unreachable', error.upstreamMessage);
    }
    return error;
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code && unreachableCodes.has(code)) return new ProviderError('upstream_unreachable', `${code}: ${(error as Error).message}`);
  return toProviderError(error);
}

/**
 * chatGPTBrowser: ChatGPT's own web back end, reached with a user's access token through the
 * operator's reverse proxy (`<base>/backend-api/conversation`). The conversation lives upstream:
 * each turn sends only the new messages under the previous reply's place (see
 * `conversationBody`), and the reply's place comes back as an `upstream-thread` event for the
 * next turn. An abort closes the connection, which stops the reply upstream.
 */
/** POSTs one conversation call; a failed answer is read and thrown, a stream handed back. */
async function open(request: ChatRequest & { baseURL: string }, body: ConversationBody, signal: AbortSignal) {
  const sent = await postUpstream(
    {
      url: conversationUrl(request.baseURL),
      headers: { authorization: `Bearer ${request.apiKey}`, accept: 'text/event-stream' },
      body: JSON.stringify(body),
      idleTimeoutMs: request.settings?.chatGPTBrowserTimeoutMs,
    },
    signal,
  );
  const { response } = sent;
  const status = response.statusCode ?? 0;
  const contentType = String(response.headers['content-type'] ?? '');
  // A challenge page may come with 200; anything but an event stream is a failure of some kind.
  if (status >= 400 || !contentType.includes('text/event-stream')) {
    const text = await readLimited(bodyText(response));
    sent.destroy();
    return { failure: webFailure(status >= 400 ? status : 502, contentType, text, response.headers), lost: status === 404 && !/model/i.test(text) };
  }
  return { sent };
}

export const chatGPTBrowserProvider: ChatProvider = {
  async *stream(request: ChatRequest, signal: AbortSignal): AsyncIterable<ChatEvent> {
    const { baseURL } = request;
    if (!baseURL) throw new ProviderError('upstream_unreachable', 'CHATGPT_BROWSER_BASE_URL is not set');
    let destroy: (() => void) | undefined;
    let finished = false;
    let answered = false;
    try {
      const body = conversationBody(request);
      let opened = await open({ ...request, baseURL }, body, signal);
      // ChatGPT no longer has the conversation (deleted there, or the token is another account's): the window starts a new one.
      if (opened.lost && body.conversation_id) opened = await open({ ...request, baseURL }, conversationBody(request, true), signal);
      if (!opened.sent) throw opened.failure;
      destroy = opened.sent.destroy;
      answered = true;
      const { response } = opened.sent;
      const reader = new ConversationStream();
      for await (const event of readSse(bodyText(response))) yield* reader.read(event);
      yield* reader.end();
      finished = true;
    } catch (error) {
      if (signal.aborted) return;
      throw failureOf(error, answered);
    } finally {
      // A consumer that stops early must not leave the reply running upstream.
      if (!finished) destroy?.();
    }
  },
};
