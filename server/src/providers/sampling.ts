import { numberOption } from './prompt.ts';
import { ProviderError } from './provider-error.ts';

/** PaLM/Gemini/Claude-style settings (camelCase fields, with the snake_case aliases of the Conversation). */
export function topKSampling(options: Record<string, unknown>) {
  return {
    temperature: numberOption(options, 'temperature'),
    topP: numberOption(options, 'topP', 'top_p'),
    topK: numberOption(options, 'topK', 'top_k'),
    maxOutputTokens: numberOption(options, 'maxOutputTokens'),
  };
}

/**
 * The SDKs fall back to their own environment variables (OPENAI_API_KEY…) when given no key,
 * which would silently spend the server's key; an empty credential is refused here instead.
 */
export function requireKey(apiKey: string): string {
  if (apiKey.trim() === '') throw new ProviderError('invalid_api_key', 'no credential for this endpoint');
  return apiKey;
}

export const trimSlash = (url: string) => url.replace(/\/+$/, '');
