import { jsonSchema, streamText, tool } from 'ai';
import { resolveModel, type EndpointName } from '@parley/core';
import { getProvider } from '../providers/registry.ts';
import { toProviderError } from '../providers/provider-error.ts';
import type { ChatRequest, ChatTurn } from '../providers/types.ts';
import { operatorChosen } from '../services/chat/credentials.ts';
import type { EndpointSettings } from '../services/endpoints/endpoint-settings.ts';
import { toolModel } from './smoke-tool-model.ts';

/** What one check found: `ok`, `empty_reply`, `no_tool_call`, `timeout`, or the error code a user would see and what the upstream said. */
export interface CheckResult {
  result: string;
  upstreamStatus?: number;
  upstreamMessage?: string;
}

/** An 8×8 red PNG: enough for a vision model to answer about, cheap to send. */
const redSquarePng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC', 'base64');

const prompts: Record<'chat' | 'vision' | 'image', ChatTurn[]> = {
  chat: [{ role: 'user', content: 'Reply with the single word: ok' }],
  vision: [{ role: 'user', content: 'Which colour is this picture? One word.', attachments: [{ mediaType: 'image/png', data: redSquarePng, filename: 'red.png' }] }],
  image: [{ role: 'user', content: 'A small red square on white.' }],
};

/** The upstream's words for the table, one line, without the key if the upstream echoed it. */
function failure(error: unknown, apiKey: string): CheckResult {
  const provider = toProviderError(error);
  const said = provider.upstreamMessage.replace(/\s+/g, ' ').slice(0, 300);
  return { result: provider.code, upstreamStatus: provider.upstreamStatus, upstreamMessage: apiKey.length >= 8 ? said.split(apiKey).join('[redacted]') : said };
}

function requestFor(settings: EndpointSettings, model: string, messages: ChatTurn[]): ChatRequest {
  return { model, modelAliases: settings.aliases, messages, options: { maxOutputTokens: 16 }, apiKey: settings.serverKey!, baseURL: settings.baseURL, outbound: operatorChosen };
}

/** Runs `check` with a deadline; a timeout reads as such, not as an error the upstream sent. */
async function withDeadline(timeoutMs: number, apiKey: string, check: (signal: AbortSignal) => Promise<CheckResult>): Promise<CheckResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await check(controller.signal);
  } catch (error) {
    return controller.signal.aborted ? { result: 'timeout' } : failure(error, apiKey);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One streamed call through the endpoint's provider, as a chat would make it: plain text, a
 * picture to describe (vision) or a picture to draw (image models). The first text or picture
 * proves it works; leaving the loop closes the upstream stream, so the rest is not paid for.
 */
export function callModel(endpoint: EndpointName, settings: EndpointSettings, model: string, kind: keyof typeof prompts, timeoutMs: number): Promise<CheckResult> {
  return withDeadline(timeoutMs, settings.serverKey!, async (signal) => {
    for await (const event of getProvider(endpoint).stream(requestFor(settings, model, prompts[kind]), signal)) {
      if (event.type === 'text' || event.type === 'image') return { result: 'ok' };
      // A finish before any text is a reply the user sees empty.
      if (event.type === 'finish') return { result: 'empty_reply' };
    }
    return { result: signal.aborted ? 'timeout' : 'no answer' };
  });
}

/** One call with a tool the model must call (`toolChoice: required`): ok once it asks for it. */
export function callTool(endpoint: EndpointName, settings: EndpointSettings, model: string, timeoutMs: number): Promise<CheckResult> {
  return withDeadline(timeoutMs, settings.serverKey!, async (signal) => {
    const request = requestFor(settings, model, []);
    const upstreamId = resolveModel(endpoint, model, settings.aliases).upstreamId;
    const stream = streamText({
      model: toolModel(endpoint, request, upstreamId, signal),
      prompt: 'What time is it in Paris? Use the tool.',
      tools: { current_time: tool({ description: 'The current time in a city.', inputSchema: jsonSchema({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }) }) },
      toolChoice: 'required',
      maxRetries: 0,
      abortSignal: signal,
    });
    for await (const part of stream.fullStream) {
      if (part.type === 'tool-call') return { result: 'ok' };
      if (part.type === 'error') throw part.error;
    }
    return { result: 'no_tool_call' };
  });
}
