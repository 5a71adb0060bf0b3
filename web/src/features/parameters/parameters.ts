import { endpointDefaults, type EndpointName, type ParameterDefinition } from '@parley/core';
import { readOption, type EndpointOptionValues } from './option-paths.ts';

export type SliderDefinition = Extract<ParameterDefinition, { kind: 'slider' }>;

/** The registry names labels `settings.<field>`; the web keeps them under `params.*`. */
export function parameterLabelKey(definition: ParameterDefinition): string {
  return `params.${definition.labelKey.replace(/^settings\./, '')}`;
}

/** Hints of SPEC point 5 (penalty range, Anthropic temperature, Bing context), by field. */
const hintKeys: Readonly<Record<string, string>> = {
  frequency_penalty: 'params.hint.penalty',
  presence_penalty: 'params.hint.penalty',
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
