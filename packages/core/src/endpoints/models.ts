import { chatGPTWebLabel, chatGPTWebModels } from '../models/chatgpt-web-models.ts';
import { aliasEntry, catalogAliases } from '../models/lookup.ts';
import type { EndpointName } from './names.ts';

/** Model lists used when `X_MODELS` does not override them (SPEC point 3), from the model catalog. */
export const defaultModels: Readonly<Record<EndpointName, readonly string[]>> = {
  openAI: catalogAliases('openAI'),
  azureOpenAI: catalogAliases('azureOpenAI'),
  gptPlugins: catalogAliases('gptPlugins'),
  bingAI: ['BingAI', 'Sydney'],
  chatGPTBrowser: chatGPTWebModels.map((m) => m.slug),
  google: catalogAliases('google'),
  anthropic: catalogAliases('anthropic'),
  deepSeek: catalogAliases('deepSeek'),
  grok: catalogAliases('grok'),
};

/** Parses an `X_MODELS` comma list; blank entries are dropped, an empty result means "use the defaults". */
export function parseModelList(value: string | undefined, endpoint: EndpointName): string[] {
  const listed = (value ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  return listed.length > 0 ? listed : [...defaultModels[endpoint]];
}

export function modelDisplayName(model: string): string {
  return aliasEntry(model)?.displayName ?? chatGPTWebLabel(model) ?? model;
}

/** The same model id, shown with the last-used one moved to the front (SPEC point 4). */
export function withLastUsedFirst(models: readonly string[], lastUsed: string | null | undefined): string[] {
  if (!lastUsed || !models.includes(lastUsed)) return [...models];
  return [lastUsed, ...models.filter((m) => m !== lastUsed)];
}
