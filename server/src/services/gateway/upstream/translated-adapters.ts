import type { ChatCompletionRequest } from '@parley/core';
import { anthropicChunks, anthropicCompletion, anthropicTarget } from '../dialects/anthropic/anthropic-upstream.ts';
import type { CanonicalChunk, CanonicalCompletion } from '../dialects/canonical.ts';
import { geminiChunks, geminiCompletion } from '../dialects/gemini/gemini-upstream.ts';
import type { UpstreamTarget } from '../upstream-target.ts';
import type { ChatAdapter, ChatCallIo, ChatUpstreamResult } from './types.ts';

/** The alias's own thinking (a reasoning effort, or thinking switched on) when the caller asked for none. */
function withAliasReasoning(target: UpstreamTarget, request: ChatCompletionRequest): ChatCompletionRequest {
  if (request.reasoning_effort) return request;
  const { reasoningEffort, thinking } = target.aliasOptions;
  const effort = reasoningEffort ?? (thinking ? 'medium' : undefined);
  return effort ? { ...request, reasoning_effort: effort } : request;
}

interface TranslatedApi {
  chunks(target: UpstreamTarget, request: ChatCompletionRequest, signal: AbortSignal): AsyncIterable<CanonicalChunk>;
  completion(target: UpstreamTarget, request: ChatCompletionRequest, signal: AbortSignal): Promise<CanonicalCompletion>;
}

/** An adapter for an API that is not Chat Completions: the request translated, the answer translated back into canonical chunks. */
function translatedAdapter(api: TranslatedApi): ChatAdapter {
  return {
    async chat(target: UpstreamTarget, request: ChatCompletionRequest, io: ChatCallIo): Promise<ChatUpstreamResult> {
      const asked = withAliasReasoning(target, request);
      if (!asked.stream) return { completionJson: JSON.stringify(await api.completion(target, asked, io.signal)) };
      for await (const chunk of api.chunks(target, asked, io.signal)) io.onChunk(JSON.stringify(chunk));
      return {};
    },
  };
}

const claudeAccount = (target: UpstreamTarget) => anthropicTarget(target.credentials.baseURL, target.credentials.apiKey);

/** Claude models (Anthropic Messages) answering Chat Completions requests. */
export const anthropicAdapter = translatedAdapter({
  chunks: (target, request, signal) => anthropicChunks(claudeAccount(target), request, target.upstreamModel, signal),
  completion: (target, request, signal) => anthropicCompletion(claudeAccount(target), request, target.upstreamModel, signal),
});

/** Gemini models (the Gemini API, or Vertex AI with a service-account key) answering Chat Completions requests. */
export const googleAdapter = translatedAdapter({
  chunks: (target, request, signal) => geminiChunks(target.credentials, request, target.upstreamModel, signal),
  completion: (target, request, signal) => geminiCompletion(target.credentials, request, target.upstreamModel, signal),
});
