import { upstreamInfo, type SamplingParameter } from '@parley/core';
import { numberOption } from './prompt.ts';
import { ProviderError } from './provider-error.ts';

export type Sampling = Partial<Record<SamplingParameter, number>>;

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
 * What the upstream model accepts of `wanted`, by the catalog: parameters it does not take are
 * left out, of a pair it takes only alone (Claude's temperature and top_p) the first is kept, and
 * a model that takes sampling only with reasoning off (GPT-6) gets none while it reasons. Ids the
 * catalog does not know (live-listed, operator-set) get everything: their API will say.
 */
export function acceptedSampling(upstreamId: string, wanted: Sampling, reasoning: boolean): Sampling {
  const info = upstreamInfo(upstreamId);
  if (!info) return wanted;
  if (info.samplingOnlyWithoutReasoning && reasoning) return {};
  const kept: Sampling = {};
  let exclusiveTaken = false;
  for (const [key, value] of Object.entries(wanted) as [SamplingParameter, number][]) {
    if (!info.sampling.includes(key)) continue;
    if (info.exclusiveSampling?.includes(key)) {
      if (exclusiveTaken) continue;
      exclusiveTaken = true;
    }
    kept[key] = value;
  }
  return kept;
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
