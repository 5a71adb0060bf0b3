import { endpointDefaults, omittedSampling, type AliasOverrides, type EndpointName, type ParameterDefinition, type SamplingOmission, type SamplingParameter } from '@parley/core';
import { readOption, type EndpointOptionValues } from './option-paths.ts';

export type SliderDefinition = Extract<ParameterDefinition, { kind: 'slider' }>;

/** The registry names labels `settings.<field>`; the web keeps them under `params.*`. */
export function parameterLabelKey(definition: ParameterDefinition): string {
  return `params.${definition.labelKey.replace(/^settings\./, '')}`;
}

/** Hints of SPEC point 5 (penalty range, Anthropic temperature, Bing context), by field. */
const hintKeys: Readonly<Record<string, string>> = {
  frequency_penalty: 'params.hint.frequency_penalty',
  presence_penalty: 'params.hint.presence_penalty',
  context: 'params.hint.context',
  promptPrefix: 'params.hint.promptPrefix',
  'agentOptions.agent': 'params.hint.agent',
};

export function parameterHintKey(endpoint: EndpointName, definition: ParameterDefinition): string | undefined {
  if (endpoint === 'anthropic' && definition.key === 'temperature') return 'params.hint.anthropicTemperature';
  return hintKeys[definition.key];
}

/** The value a control shows: the chosen one, else the endpoint's default, else the control's own reset value. */
export function effectiveValue(endpoint: EndpointName, definition: ParameterDefinition, options: EndpointOptionValues): unknown {
  const chosen = readOption(options, definition.key);
  if (chosen !== undefined && chosen !== null) return chosen;
  const fallback = readOption(endpointDefaults[endpoint] as EndpointOptionValues, definition.key);
  if (fallback !== undefined && fallback !== null) return fallback;
  return 'default' in definition ? definition.default : undefined;
}

/** Rounds to the slider's step (without float noise) and keeps the value in range. */
export function fitToSlider(definition: SliderDefinition, value: number): number {
  const clamped = Math.min(definition.max, Math.max(definition.min, value));
  const steps = Math.round((clamped - definition.min) / definition.step);
  const decimals = (String(definition.step).split('.')[1] ?? '').length;
  return Number((definition.min + steps * definition.step).toFixed(decimals));
}

/** The plugin endpoint with tools chosen builds its own prompt, so the prefix is locked (SPEC point 5). */
export function isPromptPrefixLocked(endpoint: EndpointName, tools: unknown): boolean {
  return endpoint === 'gptPlugins' && Array.isArray(tools) && tools.length > 0;
}

/** The sampling parameter a slider sets (the registry's keys, camelCase or snake_case). */
const samplingKeys: Readonly<Record<string, SamplingParameter>> = {
  temperature: 'temperature',
  top_p: 'topP',
  topP: 'topP',
  topK: 'topK',
  top_k: 'topK',
  frequency_penalty: 'frequencyPenalty',
  presence_penalty: 'presencePenalty',
};

/**
 * The sliders of `definitions` the call would leave out for this model, by their key, with why
 * (core's `omittedSampling`, the providers' own rule), given the values the panel would send.
 */
export function omittedSliders(
  endpoint: EndpointName,
  model: string,
  definitions: readonly ParameterDefinition[],
  options: EndpointOptionValues,
  overrides?: AliasOverrides,
): Map<string, SamplingOmission> {
  const sliders = definitions.filter((d) => d.kind === 'slider' && samplingKeys[d.key]);
  const wanted = Object.fromEntries(sliders.map((d) => [samplingKeys[d.key]!, Number(effectiveValue(endpoint, d, options))]));
  const omitted = omittedSampling(endpoint, model, wanted, overrides);
  return new Map(sliders.flatMap((d) => (omitted[samplingKeys[d.key]!] ? [[d.key, omitted[samplingKeys[d.key]!]!] as const] : [])));
}
