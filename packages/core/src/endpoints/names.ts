import { z } from 'zod';

/** Every endpoint Parley knows, in the display order of the endpoint menu. */
export const endpointOrder = [
  'azureOpenAI',
  'openAI',
  'chatGPTBrowser',
  'gptPlugins',
  'bingAI',
  'google',
  'anthropic',
  'deepSeek',
  'grok',
] as const;

export type EndpointName = (typeof endpointOrder)[number];

export const endpointNameSchema = z.enum(endpointOrder);

/** Older clients post to `/api/ask/chatGPT`; it is the browser ChatGPT endpoint under its first name. */
export const endpointAliases: ReadonlyMap<string, EndpointName> = new Map([['chatGPT', 'chatGPTBrowser']]);

/** Resolves a path segment (possibly a legacy alias) to an endpoint name, or undefined when unknown. */
export function resolveEndpoint(name: string): EndpointName | undefined {
  if ((endpointOrder as readonly string[]).includes(name)) return name as EndpointName;
  return endpointAliases.get(name);
}

/**
 * The order tried when a new conversation has neither a usable requested endpoint nor a usable
 * last-used one. grok is deliberately absent: it is only chosen when asked for.
 */
export const newConversationFallbackOrder: readonly EndpointName[] = [
  'openAI',
  'azureOpenAI',
  'bingAI',
  'chatGPTBrowser',
  'gptPlugins',
  'google',
  'anthropic',
  'deepSeek',
];

/** Endpoints whose config entry is truthy, in display order. */
export function availableEndpoints(config: Partial<Record<string, unknown>>): EndpointName[] {
  return endpointOrder.filter((name) => Boolean(config[name]));
}

export interface EndpointChoiceInput {
  requested?: string | null;
  lastUsed?: string | null;
  enabled: readonly string[];
}

/** Picks the endpoint of a new conversation: requested, else last used, else the first enabled fallback, else openAI. */
export function chooseNewConversationEndpoint({ requested, lastUsed, enabled }: EndpointChoiceInput): EndpointName {
  const isEnabled = (name: string | null | undefined): name is string => !!name && enabled.includes(name);
  for (const candidate of [requested, lastUsed]) {
    const resolved = candidate ? resolveEndpoint(candidate) : undefined;
    if (resolved && isEnabled(resolved)) return resolved;
  }
  return newConversationFallbackOrder.find((name) => enabled.includes(name)) ?? 'openAI';
}

/** Names shown in menus and settings. */
export const endpointDisplayNames: Readonly<Record<EndpointName, string>> = {
  azureOpenAI: 'Azure OpenAI',
  openAI: 'OpenAI',
  chatGPTBrowser: 'ChatGPT',
  gptPlugins: 'Plugins',
  bingAI: 'Bing',
  google: 'PaLM',
  anthropic: 'Anthropic',
  deepSeek: 'DeepSeek',
  grok: 'Grok',
};

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** The sender name of a reply: the user's custom label when set, else the endpoint's default persona. */
export function senderName(endpoint: EndpointName, options: Record<string, unknown> = {}): string {
  switch (endpoint) {
    case 'openAI':
    case 'azureOpenAI':
    case 'gptPlugins':
    case 'chatGPTBrowser':
      return nonEmpty(options.chatGptLabel) ?? 'ChatGPT';
    case 'deepSeek':
      return nonEmpty(options.chatGptLabel) ?? 'DeepSeek';
    case 'grok':
      return nonEmpty(options.chatGptLabel) ?? 'Grok';
    case 'bingAI':
      return options.jailbreak ? 'Sydney' : 'BingAI';
    case 'anthropic':
      return nonEmpty(options.modelLabel) ?? 'Anthropic';
    case 'google':
      return nonEmpty(options.modelLabel) ?? 'PaLM2';
  }
}
