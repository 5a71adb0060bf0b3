import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createVertex } from '@ai-sdk/google-vertex';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { acceptedSampling, upstreamInfo, upstreamModel } from '@parley/core';
import { streamModel } from '../ai-sdk-stream.ts';
import { conversationMessages, numberOption, systemPrompt, type TextMessage } from '../prompt.ts';
import { requireKey, samplingOptions, trimSlash } from '../sampling.ts';
import type { ChatProvider, ChatRequest } from '../types.ts';
import { accessToken, parseServiceAccount, type ServiceAccount, type TokenScope } from './service-account.ts';

type VertexAuthClient = NonNullable<NonNullable<Parameters<typeof createVertex>[0]>['googleAuthOptions']>['authClient'];

/**
 * google-auth-library always exchanges at Google's own token URL; handing it a client that
 * only answers getAccessToken (the one method the Vertex provider calls) keeps the key's
 * token_uri authoritative.
 */
function vertexAuthClient(account: ServiceAccount, signal: AbortSignal, scope: TokenScope): VertexAuthClient {
  const client = { getAccessToken: async () => ({ token: await accessToken(account, signal, scope) }) };
  return client as unknown as VertexAuthClient;
}

/** A Gemini model on the Gemini API (API key) or on Vertex AI (service-account key). */
export function geminiModel(request: ChatRequest, account: ServiceAccount | undefined, id: string, signal: AbortSignal): LanguageModelV3 {
  const base = request.baseURL ? trimSlash(request.baseURL) : undefined;
  if (!account) {
    const google = createGoogleGenerativeAI({ apiKey: requireKey(request.apiKey), baseURL: base && `${base}/v1beta` });
    return google(id);
  }
  const location = request.settings?.vertexLocation ?? 'global';
  const vertex = createVertex({
    project: account.project_id,
    location,
    googleAuthOptions: { authClient: vertexAuthClient(account, signal, request) },
    baseURL: base && `${base}/v1/projects/${account.project_id}/locations/${location}/publishers/google`,
  });
  return vertex(id);
}

/** The Google "examples" (few-shot pairs) become leading user/assistant turns for Gemini. */
function exampleTurns(options: Record<string, unknown>): TextMessage[] {
  const examples = (options.examples as { input?: { content?: string }; output?: { content?: string } }[] | undefined) ?? [];
  return examples
    .filter((e) => e.input?.content?.trim() && e.output?.content?.trim())
    .flatMap((e): TextMessage[] => [
      { role: 'user', content: e.input!.content! },
      { role: 'assistant', content: e.output!.content! },
    ]);
}

/** Tokens a Gemini model may think for, on top of the answer's own cap. */
export const geminiThinkingBudget = 2048;

/** Room a Gemini 3 model thinking at its least (it cannot switch thinking off) may take beside a title. */
export const geminiLeastThinkingRoom = 256;

/** Gemini 3 and later set how much they think with a level; from 3.5 on a 2.5-style budget is refused. */
export const thinksByLevel = (upstreamId: string) => Number(/^gemini-(\d+)/.exec(upstreamId)?.[1] ?? 0) >= 3;

/**
 * How a thinking Gemini model thinks: Gemini 3 by `thinkingLevel` (its default, high, for a
 * chat; the least it allows for a title: `minimal`, or `low` on Pro models that always think),
 * Gemini 2.5 by `thinkingBudget` (0 turns it off for a title).
 */
function thinkingConfigOf(upstreamId: string, leastReasoning: boolean) {
  if (thinksByLevel(upstreamId)) {
    return leastReasoning ? { thinkingLevel: /pro/.test(upstreamId) ? ('low' as const) : ('minimal' as const) } : { thinkingLevel: 'high' as const, includeThoughts: true };
  }
  return leastReasoning ? { thinkingBudget: 0 } : { thinkingBudget: geminiThinkingBudget, includeThoughts: true };
}

/**
 * Gemini counts thinking inside `maxOutputTokens`, so a thinking model given the user's cap alone
 * can spend it all on thoughts and answer nothing. Thinking models get their own room, added
 * on top of the cap, and stream their thought summaries as reasoning; the cap stays the answer's.
 * A call asking for the least reasoning thinks the least the model allows, with no thoughts back.
 */
function geminiOutput(upstreamId: string, cap: number | undefined, leastReasoning: boolean) {
  if (!upstreamInfo(upstreamId)?.capabilities.reasoning) return { maxOutputTokens: cap };
  const budget = !leastReasoning ? geminiThinkingBudget : thinksByLevel(upstreamId) ? geminiLeastThinkingRoom : 0;
  const thinkingConfig = thinkingConfigOf(upstreamId, leastReasoning);
  return {
    maxOutputTokens: cap === undefined ? undefined : cap + budget,
    // The Gemini API reads the `google` options, Vertex the `vertex` ones.
    providerOptions: { google: { thinkingConfig }, vertex: { thinkingConfig } },
  };
}

/**
 * Google: Gemini models through the AI SDK, with a Gemini API key or on Vertex AI with a
 * service-account key. The PaLM ids (chat-bison, text-bison, codechat-bison) are catalog
 * aliases of current Gemini models; PaLM itself is shut down. A safety block is an error.
 */
export const googleProvider: ChatProvider = {
  async *stream(request, signal) {
    const account = parseServiceAccount(requireKey(request.apiKey));
    const upstream = upstreamModel('google', request.model, request.modelAliases);
    const system = systemPrompt(request.options, request.messages);
    yield* streamModel(
      {
        model: geminiModel(request, account, upstream.id, signal),
        system,
        messages: [...exampleTurns(request.options), ...conversationMessages(request.messages)],
        ...acceptedSampling(upstream.id, samplingOptions(request.options), false),
        ...geminiOutput(upstream.id, numberOption(request.options, 'maxOutputTokens'), request.leastReasoning === true),
      },
      signal,
    );
  },
};
