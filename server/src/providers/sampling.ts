import type { Sampling, SamplingParameter } from '@parley/core';
import { numberOption } from './prompt.ts';
import { ProviderError } from './provider-error.ts';


/** The sampling settings of the request (camelCase fields, with the snake_case aliases of the Conversation). */
export function samplingOptions(options: Record<string, unknown>): Sampling {
  const values: Record<SamplingParameter, number | undefined> = {
    temperature: numberOption(options, 'temperature'),
    topP: numberOption(options, 'topP', 'top_p'),
    topK: numberOption(options, 'topK', 'top_k'),
    frequencyPenalty: numberOption(options, 'frequencyPenalty', 'frequency_penalty'),
    presencePenalty: numberOption(options, 'presencePenalty', 'presence_penalty'),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Sampling;
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
