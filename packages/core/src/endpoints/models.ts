import type { EndpointName } from './names.ts';

const openAIFamily = [
  'gpt-3.5-turbo',
  'gpt-3.5-turbo-16k',
  'gpt-3.5-turbo-0301',
  'gpt-3.5-turbo-1106',
  'gpt-3.5-turbo-0125',
  'text-davinci-003',
  'gpt-4',
  'gpt-4-0314',
  'gpt-4-0613',
  'gpt-4-1106-preview',
  'gpt-4-0125-preview',
  'gpt-4o',
  'gpt-4o-image',
  'gpt-4o-mini',
  'gpt-o1',
  'gpt-o3',
  'gpt-o3-mini',
] as const;

/** Model lists used when `X_MODELS` does not override them (SPEC point 3). */
export const defaultModels: Readonly<Record<EndpointName, readonly string[]>> = {
  openAI: openAIFamily,
  azureOpenAI: openAIFamily,
  gptPlugins: openAIFamily,
  bingAI: ['BingAI', 'Sydney'],
  chatGPTBrowser: ['text-davinci-002-render-sha'],
  google: ['chat-bison', 'text-bison', 'codechat-bison'],
  anthropic: ['claude-1', 'claude-1-100k', 'claude-instant-1', 'claude-instant-1-100k', 'claude-2'],
  deepSeek: ['deepseek-r1'],
  grok: ['grok-3', 'grok-3-deepsearch', 'grok-3-reasoning', 'grok-3-imageGen'],
};

/** Parses an `X_MODELS` comma list; blank entries are dropped, an empty result means "use the defaults". */
export function parseModelList(value: string | undefined, endpoint: EndpointName): string[] {
  const listed = (value ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  return listed.length > 0 ? listed : [...defaultModels[endpoint]];
}

export interface ModelTableEntry {
  /** i18n key of the picker label. */
  labelKey: string;
  /** English label, for logs and as the i18n source text. */
  label: string;
  /** Quota charged per call; null where the picker lists no price (the model is free of quota). */
  cost: number | null;
  /** Calls allowed per day, when the model is rationed. */
  perDay?: number;
  /** The name the picker shows when it differs from the id. */
  displayName?: string;
}

/** The picker's model table with per-call quota costs (SPEC points 3 and 9). */
export const modelTable: Readonly<Record<string, ModelTableEntry>> = {
  'gpt-4o': { labelKey: 'models.label.allRound', label: 'all-round', cost: 10 },
  'gpt-4': { labelKey: 'models.label.smart', label: 'smart', cost: null },
  'gpt-4o-mini': { labelKey: 'models.label.entryLevel', label: 'entry level', cost: 1 },
  'gpt-o3-mini': {
    labelKey: 'models.label.reasoningBeta',
    label: 'reasoning, beta, 30 uses per day',
    cost: 10,
    perDay: 30,
  },
  'gpt-4o-image': { labelKey: 'models.label.drawing', label: 'drawing', cost: 10 },
  'grok-3': { labelKey: 'models.label.base', label: 'base', cost: null },
  'grok-3-reasoning': { labelKey: 'models.label.reasoning', label: 'reasoning', cost: 10 },
  'grok-3-deepsearch': { labelKey: 'models.label.deepSearch', label: 'deep search', cost: 10 },
  'grok-3-imageGen': {
    labelKey: 'models.label.imageGen',
    label: 'image generation and editing',
    cost: 10,
    displayName: 'grok-3-image',
  },
  'deepseek-r1': { labelKey: 'models.label.reasoning', label: 'reasoning', cost: 1 },
};

/** Quota charged for one call to a model; models outside the table cost nothing. */
export function modelCost(model: string): number {
  return modelEntry(model)?.cost ?? 0;
}

export function modelDisplayName(model: string): string {
  return modelEntry(model)?.displayName ?? model;
}

export function modelEntry(model: string): ModelTableEntry | undefined {
  return Object.hasOwn(modelTable, model) ? modelTable[model] : undefined;
}

/** The same model id, shown with the last-used one moved to the front (SPEC point 4). */
export function withLastUsedFirst(models: readonly string[], lastUsed: string | null | undefined): string[] {
  if (!lastUsed || !models.includes(lastUsed)) return [...models];
  return [lastUsed, ...models.filter((m) => m !== lastUsed)];
}
