import { upstreamInfo, type SamplingParameter } from '@parley/core';
import { servedOn, type ServiceName } from './served-models.ts';

/**
 * The model ids each real service answers to today: upstream ids (never Parley's aliases), from
 * the fakes' own dated record of what each service serves (`served-models.ts`, not Parley's
 * catalog), minus the models whose shutdown day has passed. A fake refuses any other id the way
 * its service does, so a test fails where Parley would send a retired or made-up id. A fake
 * started with `models` serves that list.
 */
export function servedModelIds(service: ServiceName, now: Date = new Date()): string[] {
  return servedOn(service, now).map((m) => m.id);
}

/** The model thinks (reasoning tokens, thinking blocks, thought parts). Unknown ids do not. */
export const thinks = (id: string) => upstreamInfo(id)?.capabilities.reasoning === true;

/** How a Claude model thinks (`budget`, `adaptive` or `always`); models the catalog does not know take budgets. */
export const claudeThinkingOf = (id: string) => upstreamInfo(id)?.claudeThinking ?? 'budget';

/** Budget-thinking models that already take `thinking: adaptive` too (Sonnet and Opus 4.6). */
export const adaptiveAlsoTaken: ReadonlySet<string> = new Set(['claude-sonnet-4-6', 'claude-opus-4-6']);

export const isImageModelId = (id: string) => upstreamInfo(id)?.api === 'image';

/** Wire names of the sampling parameters, as the Chat Completions / Messages / Gemini bodies spell them. */
const wireNames: Record<SamplingParameter, readonly string[]> = {
  temperature: ['temperature'],
  topP: ['top_p', 'topP'],
  topK: ['top_k', 'topK'],
  frequencyPenalty: ['frequency_penalty', 'frequencyPenalty'],
  presencePenalty: ['presence_penalty', 'presencePenalty'],
};

/**
 * The first sampling parameter in `body` the model refuses (its wire name), if any: one it does
 * not take at all, both of a pair it takes only alone, or (GPT-6) any while it reasons. Models
 * the catalog does not know (a test's own ids) take everything.
 */
export function refusedSampling(id: string, body: Record<string, unknown>, reasoningOff = false): string | undefined {
  const info = upstreamInfo(id);
  if (!info) return undefined;
  const sent = (Object.keys(wireNames) as SamplingParameter[]).filter((p) => wireNames[p].some((name) => body[name] !== undefined));
  const wire = (p: SamplingParameter) => wireNames[p].find((name) => body[name] !== undefined)!;
  const refused = sent.find((p) => !info.sampling.includes(p) || (info.samplingOnlyWithoutReasoning === true && !reasoningOff));
  if (refused) return wire(refused);
  const exclusive = info.exclusiveSampling ?? [];
  const together = sent.filter((p) => exclusive.includes(p));
  return together.length > 1 ? wire(together[1]!) : undefined;
}
