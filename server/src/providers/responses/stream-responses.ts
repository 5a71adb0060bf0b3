import type { LookupFunction } from 'node:net';
import { readSse } from '@parley/core';
import { bodyText, failureOf, postUpstream } from '../chat-completions/upstream-request.ts';
import { systemPrompt } from '../prompt.ts';
import { ProviderError, toProviderError } from '../provider-error.ts';
import type { ChatEvent, ChatTurn } from '../types.ts';
import { ResponsesEvents, type ResponsesEvent } from './responses-events.ts';
import { responsesInput } from './responses-input.ts';

export interface ResponsesCall {
  /** `{baseURL}/responses`. */
  url: string;
  headers: Record<string, string>;
  /** The guarded DNS lookup, when the address came from a user's key (an Azure instance). */
  lookup?: LookupFunction;
  model: string;
  turns: readonly ChatTurn[];
  options: Record<string, unknown>;
  /** OpenAI reasoning models: effort, and a summary of the reasoning shown as Parley's reasoning. */
  reasoning?: { effort?: 'low' | 'medium' | 'high'; summary: boolean };
  /** Server-side tools the upstream runs itself (xAI `web_search`, `x_search`). */
  tools?: { type: string }[];
  maxOutputTokens?: number;
}

/** The streaming request: instructions, the branch as input messages (files as content parts), nothing stored upstream. */
function responsesBody(call: ResponsesCall, withSummary = true): Record<string, unknown> {
  const instructions = systemPrompt(call.options, call.turns);
  const reasoning = call.reasoning && {
    ...(call.reasoning.effort ? { effort: call.reasoning.effort } : {}),
    ...(call.reasoning.summary && withSummary ? { summary: 'auto' } : {}),
  };
  return {
    model: call.model,
    ...(instructions === undefined ? {} : { instructions }),
    input: responsesInput(call.turns),
    ...(reasoning && Object.keys(reasoning).length > 0 ? { reasoning } : {}),
    ...(call.tools && call.tools.length > 0 ? { tools: call.tools } : {}),
    ...(call.maxOutputTokens ? { max_output_tokens: call.maxOutputTokens } : {}),
    store: false,
    stream: true,
  };
}

function parseEvent(data: string): ResponsesEvent {
  try {
    return JSON.parse(data) as ResponsesEvent;
  } catch {
    throw new ProviderError('upstream_error', `unreadable stream event: ${data.slice(0, 200)}`);
  }
}

/** An organization OpenAI has not verified is refused reasoning summaries (400 on `reasoning.summary`). */
const refusesSummary = (error: ProviderError) => error.upstreamStatus === 400 && /"param"\s*:\s*"reasoning\.summary"/.test(error.upstreamMessage);

async function send(call: ResponsesCall, withSummary: boolean, signal: AbortSignal) {
  const sent = await postUpstream({ url: new URL(call.url), headers: call.headers, body: JSON.stringify(responsesBody(call, withSummary)), lookup: call.lookup }, signal);
  if ((sent.response.statusCode ?? 0) >= 400) throw await failureOf(sent.response);
  return sent;
}

/**
 * Streams one Responses API reply (OpenAI reasoning models with their reasoning summary, xAI
 * with its search tools) as ChatEvents. An organization that may not have summaries gets the
 * reply without them rather than an error. An abort ends quietly and closes the connection.
 */
export async function* streamResponses(call: ResponsesCall, signal: AbortSignal): AsyncIterable<ChatEvent> {
  let destroy: (() => void) | undefined;
  let finished = false;
  try {
    const sent = await send(call, true, signal).catch((error: unknown) => {
      if (error instanceof ProviderError && call.reasoning?.summary && refusesSummary(error)) return send(call, false, signal);
      throw error;
    });
    destroy = sent.destroy;
    const folded = new ResponsesEvents();
    for await (const { data } of readSse(bodyText(sent.response))) {
      if (data !== '[DONE]') yield* folded.read(parseEvent(data));
    }
    if (!folded.finished) throw new ProviderError('upstream_error', 'the response stream ended before response.completed');
    finished = true;
  } catch (error) {
    if (signal.aborted) return;
    throw toProviderError(error);
  } finally {
    if (!finished) destroy?.();
  }
}
