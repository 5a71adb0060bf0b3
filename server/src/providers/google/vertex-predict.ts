import { numberOption } from '../prompt.ts';
import { ProviderError, providerErrorFromResponse } from '../provider-error.ts';
import type { ChatEvent, ChatRequest } from '../types.ts';
import { accessToken, type ServiceAccount } from './service-account.ts';

const location = 'us-central1';

interface Example {
  input: { content: string };
  output: { content: string };
}

/** The PaLM request body: chat models take context, examples and author-tagged messages; text models a prompt. */
export function predictBody(request: ChatRequest, format: 'chat' | 'text', context: string | undefined) {
  const { options, messages } = request;
  const turns = messages.filter((m) => m.role !== 'system');
  const examples = ((options.examples as Example[] | undefined) ?? []).filter(
    (e) => e.input?.content?.trim() && e.output?.content?.trim(),
  );
  const parameters = {
    temperature: numberOption(options, 'temperature'),
    maxOutputTokens: numberOption(options, 'maxOutputTokens'),
    topP: numberOption(options, 'topP', 'top_p'),
    topK: numberOption(options, 'topK', 'top_k'),
  };
  if (format === 'text') {
    const prompt = [context, ...turns.map((t) => t.content)].filter(Boolean).join('\n\n');
    return { instances: [{ prompt }], parameters };
  }
  return {
    instances: [
      {
        ...(context ? { context } : {}),
        ...(examples.length > 0 ? { examples } : {}),
        messages: turns.map((t) => ({ author: t.role === 'user' ? 'user' : 'bot', content: t.content })),
      },
    ],
    parameters,
  };
}

interface PredictResponse {
  predictions?: { content?: string; candidates?: { content?: string }[] }[];
  metadata?: { tokenMetadata?: { inputTokenCount?: { totalTokens?: number }; outputTokenCount?: { totalTokens?: number } } };
}

/**
 * Vertex `:predict` for the PaLM-era models, by hand: no SDK speaks it any more. The upstream
 * does not stream, so the whole answer becomes one text event.
 */
export async function* streamPredict(
  request: ChatRequest,
  account: ServiceAccount,
  model: { id: string; format: 'chat' | 'text' },
  context: string | undefined,
  signal: AbortSignal,
): AsyncIterable<ChatEvent> {
  const origin = request.baseURL?.replace(/\/+$/, '') ?? `https://${location}-aiplatform.googleapis.com`;
  const url = `${origin}/v1/projects/${account.project_id}/locations/${location}/publishers/google/models/${model.id}:predict`;
  let body: PredictResponse;
  try {
    const token = await accessToken(account, signal, request);
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(predictBody(request, model.format, context)),
      signal,
    });
    if (!response.ok) throw await providerErrorFromResponse(response);
    body = (await response.json()) as PredictResponse;
  } catch (error) {
    if (signal.aborted) return;
    if (error instanceof ProviderError) throw error;
    throw new ProviderError('upstream_error', error instanceof Error ? error.message : String(error));
  }
  const prediction = body.predictions?.[0];
  const text = prediction?.candidates?.[0]?.content ?? prediction?.content ?? '';
  if (text) yield { type: 'text', delta: text };
  const tokens = body.metadata?.tokenMetadata;
  if (tokens) {
    yield {
      type: 'usage',
      promptTokens: tokens.inputTokenCount?.totalTokens ?? 0,
      completionTokens: tokens.outputTokenCount?.totalTokens ?? 0,
    };
  }
  yield { type: 'finish', reason: 'stop' };
}
