import type { EndpointName } from '../endpoints/names.ts';
import { endpointProviders } from './catalog.ts';
import { resolveModel, upstreamInfo } from './lookup.ts';
import type { AliasOverrides, SamplingParameter } from './types.ts';

export type Sampling = Partial<Record<SamplingParameter, number>>;

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
 * Whether the model reasons: the catalog's capability, else (an id the catalog does not know) by
 * name — OpenAI's o-series and GPT-5 onwards except its chat variants. Reasoning models take a
 * `developer` prompt and `max_completion_tokens`, never `max_tokens`.
 */
export function isOpenAIReasoningModel(model: string): boolean {
  const info = upstreamInfo(model);
  if (info) return info.capabilities.reasoning;
  if (/^o\d+(?:-|$)/.test(model)) return true;
  const gpt = /^gpt-(\d+)(?:\.\d+)?(?:-(.*))?$/.exec(model);
  return gpt !== null && Number(gpt[1]) >= 5 && !(gpt[2] ?? '').startsWith('chat');
}

/**
 * Why a chat call leaves a sampling setting out: the model never takes it (`model`), the
 * endpoint's API has no such field (`endpoint`), the model is reasoning and takes none then
 * (`reasoning`), or it takes it only instead of another one already sent (`exclusive`).
 */
export type SamplingOmission = 'model' | 'endpoint' | 'reasoning' | 'exclusive';

/**
 * The sampling settings a chat call to `model` on `endpoint` leaves out of `wanted`, and why, as
 * the providers decide (server/src/providers: Chat Completions bodies, Anthropic, Gemini) from
 * the same catalog, so the settings panel offers only what is sent.
 */
export function omittedSampling(endpoint: EndpointName, model: string, wanted: Sampling, overrides?: AliasOverrides): Partial<Record<SamplingParameter, SamplingOmission>> {
  const resolved = resolveModel(endpoint, model, overrides);
  const id = resolved.upstreamId;
  const info = upstreamInfo(id);
  const omitted: Partial<Record<SamplingParameter, SamplingOmission>> = {};
  const keys = Object.keys(wanted) as SamplingParameter[];
  const omitAll = (why: SamplingOmission) => Object.fromEntries(keys.map((key) => [key, why])) as Partial<Record<SamplingParameter, SamplingOmission>>;
  let reasoning = false;
  let candidates: Sampling = { ...wanted };
  switch (endpointProviders[endpoint]) {
    case 'xai':
      // Grok's panel has no sliders: nothing the user cannot see is sent.
      return omitAll('endpoint');
    case 'openai': {
      const effort = (resolved.options.reasoningEffort as string | undefined) ?? (info?.samplingOnlyWithoutReasoning ? 'none' : undefined);
      reasoning = isOpenAIReasoningModel(id) && effort !== 'none';
      // An unknown OpenAI reasoning model refuses every sampling setting.
      if (reasoning && !info) return omitAll('reasoning');
      break;
    }
    case 'deepseek':
      // DeepSeek ignores sampling while it thinks.
      if (resolved.options.thinking === true) return omitAll('reasoning');
      break;
    case 'anthropic':
      // Claude thinks in every chat where it can, and takes no sampling setting while it does.
      if (info?.claudeThinking === 'adaptive' || info?.claudeThinking === 'always' || info?.capabilities.reasoning) {
        return omitAll(info.sampling.length === 0 ? 'model' : 'reasoning');
      }
      break;
    default:
      break;
  }
  // Chat Completions has no top_k.
  if (endpointProviders[endpoint] !== 'anthropic' && endpointProviders[endpoint] !== 'google' && 'topK' in candidates) {
    omitted.topK = 'endpoint';
    const { topK: _dropped, ...rest } = candidates;
    candidates = rest;
  }
  const accepted = acceptedSampling(id, candidates, reasoning);
  for (const key of Object.keys(candidates) as SamplingParameter[]) {
    if (key in accepted) continue;
    if (!info?.sampling.includes(key)) omitted[key] = 'model';
    else if (info.samplingOnlyWithoutReasoning && reasoning) omitted[key] = 'reasoning';
    else omitted[key] = 'exclusive';
  }
  return omitted;
}
