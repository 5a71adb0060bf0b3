import type { EndpointName } from './names.ts';

/** One control of the conversation settings panel; `key` is the Conversation field it edits. */
export type ParameterDefinition =
  | { kind: 'slider'; key: string; labelKey: string; min: number; max: number; step: number; default: number }
  | { kind: 'select'; key: string; labelKey: string; options: readonly string[]; default: string }
  | { kind: 'switch'; key: string; labelKey: string; default: boolean }
  | { kind: 'text' | 'textarea'; key: string; labelKey: string; maxTokens?: number }
  | { kind: 'examples'; key: 'examples'; labelKey: string };

const slider = (key: string, min: number, max: number, def: number, step = 0.01): ParameterDefinition => ({
  kind: 'slider',
  key,
  labelKey: `settings.${key}`,
  min,
  max,
  step,
  default: def,
});
const text = (key: string, kind: 'text' | 'textarea' = 'text') => ({
  kind,
  key,
  labelKey: `settings.${key}`,
}) satisfies ParameterDefinition;

/** OpenAI-style panel; the completion form of the plugins endpoint starts temperature at 0.8. */
const openAIParameters = (temperature: number): ParameterDefinition[] => [
  text('chatGptLabel'),
  text('promptPrefix', 'textarea'),
  slider('temperature', 0, 2, temperature),
  slider('top_p', 0, 1, 1),
  slider('frequency_penalty', -2, 2, 0),
  slider('presence_penalty', -2, 2, 0),
];

export const bingToneStyles = ['creative', 'fast', 'balanced', 'precise'] as const;
export const bingContextTokenLimit = 7000;
export const pluginAgents = ['functions', 'classic'] as const;
/** Recommendations shown beside the plugin agent settings. */
export const pluginRecommendedModels = { agent: 'gpt-3.5-turbo', completion: 'gpt-4' } as const;

/** The settings controls for an endpoint and model, with ranges, steps and reset values (SPEC point 9). */
export function parameterDefinitions(endpoint: EndpointName, model = ''): ParameterDefinition[] {
  switch (endpoint) {
    case 'openAI':
    case 'azureOpenAI':
      return openAIParameters(1);
    case 'gptPlugins':
      return [
        ...openAIParameters(0.8),
        { kind: 'select', key: 'agentOptions.agent', labelKey: 'settings.agent', options: pluginAgents, default: 'functions' },
        { kind: 'switch', key: 'agentOptions.skipCompletion', labelKey: 'settings.skipCompletion', default: true },
        { ...slider('agentOptions.temperature', 0, 2, 0), labelKey: 'settings.agentTemperature' },
      ];
    case 'google':
      // Codey chat models accept only a temperature; their other knobs are fixed upstream.
      if (model.startsWith('codechat-')) {
        return [text('modelLabel'), text('promptPrefix', 'textarea'), slider('temperature', 0, 1, 0.2)];
      }
      return [
        text('modelLabel'),
        text('promptPrefix', 'textarea'),
        { kind: 'examples', key: 'examples', labelKey: 'settings.examples' },
        slider('temperature', 0, 1, 0.2),
        slider('topP', 0, 1, 0.95),
        slider('topK', 1, 40, 40, 1),
        slider('maxOutputTokens', 1, 1024, 1024, 1),
      ];
    case 'anthropic':
      return [
        text('modelLabel'),
        text('promptPrefix', 'textarea'),
        slider('temperature', 0, 1, 0.2),
        slider('topP', 0, 1, 0.7),
        slider('topK', 1, 40, 5, 1),
        slider('maxOutputTokens', 1, 4000, 4000, 1),
      ];
    case 'deepSeek':
      return [slider('temperature', 0, 1.5, 1, 0.1)];
    case 'grok':
      return [text('promptPrefix', 'textarea')];
    case 'bingAI':
      return [
        { kind: 'select', key: 'toneStyle', labelKey: 'settings.toneStyle', options: bingToneStyles, default: 'creative' },
        { kind: 'switch', key: 'jailbreak', labelKey: 'settings.sydneyMode', default: false },
        { ...text('context', 'textarea'), maxTokens: bingContextTokenLimit },
        text('systemMessage', 'textarea'),
      ];
    case 'chatGPTBrowser':
      return [];
  }
}

/** Finds one slider by field, for clamping a value server-side. */
export function sliderRange(endpoint: EndpointName, key: string, model = '') {
  const found = parameterDefinitions(endpoint, model).find((p) => p.key === key && p.kind === 'slider');
  return found?.kind === 'slider' ? found : undefined;
}
