import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createVertex } from '@ai-sdk/google-vertex';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { upstreamModel } from '@parley/core';
import { streamModel } from '../ai-sdk-stream.ts';
import { conversationMessages, systemPrompt, type TextMessage } from '../prompt.ts';
import { ProviderError } from '../provider-error.ts';
import { requireKey, topKSampling, trimSlash } from '../sampling.ts';
import type { ChatProvider, ChatRequest } from '../types.ts';
import { accessToken, parseServiceAccount, type ServiceAccount, type TokenScope } from './service-account.ts';
import { streamPredict } from './vertex-predict.ts';

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

function geminiModel(request: ChatRequest, account: ServiceAccount | undefined, id: string, signal: AbortSignal): LanguageModelV3 {
  const base = request.baseURL ? trimSlash(request.baseURL) : undefined;
  if (!account) {
    const google = createGoogleGenerativeAI({ apiKey: requireKey(request.apiKey), baseURL: base && `${base}/v1beta` });
    return google(id);
  }
  const location = 'us-central1';
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

/**
 * Google: Gemini models through the AI SDK (Gemini API with a plain key, Vertex AI with a
 * service-account key); PaLM models (`*-bison`) through Vertex `:predict` by hand.
 */
export const googleProvider: ChatProvider = {
  async *stream(request, signal) {
    const account = parseServiceAccount(requireKey(request.apiKey));
    const upstream = upstreamModel('google', request.model);
    const system = systemPrompt(request.options, request.messages);
    if (upstream.api === 'vertex-predict') {
      if (!account) throw new ProviderError('invalid_api_key', 'PaLM models need a service-account key, not an API key');
      yield* streamPredict(request, account, upstream, system, signal);
      return;
    }
    yield* streamModel(
      {
        model: geminiModel(request, account, upstream.id, signal),
        system,
        messages: [...exampleTurns(request.options), ...conversationMessages(request.messages)],
        ...topKSampling(request.options),
      },
      signal,
    );
  },
};
