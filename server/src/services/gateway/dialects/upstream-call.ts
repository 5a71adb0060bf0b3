import type { IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import { readSse } from '@parley/core';
import { bodyText, failureOf, postUpstream } from '../../../providers/chat-completions/upstream-request.ts';
import { ProviderError, toProviderError } from '../../../providers/provider-error.ts';

/** Where one upstream call goes and how it is signed. */
export interface UpstreamAddress {
  url: string;
  headers: Record<string, string>;
  lookup?: LookupFunction;
  idleTimeoutMs?: number;
}

/** An upstream answer whose head arrived with a 2xx status; `close` ends the connection early. */
export interface UpstreamAnswer {
  response: IncomingMessage;
  streamed: boolean;
  close(): void;
}

/** POSTs `body` upstream; a status ≥ 400 is thrown as the ProviderError of its status and body. */
export async function openUpstream(target: UpstreamAddress, body: unknown, signal: AbortSignal): Promise<UpstreamAnswer> {
  try {
    const sent = await postUpstream({ url: new URL(target.url), headers: target.headers, body: JSON.stringify(body), lookup: target.lookup, idleTimeoutMs: target.idleTimeoutMs }, signal);
    if ((sent.response.statusCode ?? 0) >= 400) throw await failureOf(sent.response);
    return { response: sent.response, streamed: String(sent.response.headers['content-type'] ?? '').includes('text/event-stream'), close: sent.destroy };
  } catch (error) {
    throw toProviderError(error);
  }
}

/** The whole body of a non-streamed answer, parsed. */
export async function readJson<T>(answer: UpstreamAnswer): Promise<T> {
  let text = '';
  for await (const piece of bodyText(answer.response)) text += piece;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ProviderError('upstream_error', `unreadable answer: ${text.slice(0, 200)}`);
  }
}

/** The SSE frames of a streamed answer: event name, data text. */
export async function* readFrames(answer: UpstreamAnswer): AsyncGenerator<{ event?: string; data: string }> {
  for await (const frame of readSse(bodyText(answer.response))) yield frame;
}

export function parseFrame<T>(data: string): T {
  try {
    return JSON.parse(data) as T;
  } catch {
    throw new ProviderError('upstream_error', `unreadable stream frame: ${data.slice(0, 200)}`);
  }
}
