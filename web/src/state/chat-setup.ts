import {
  chooseNewConversationEndpoint,
  endpointDefaults,
  withLastUsedFirst,
  type EndpointName,
} from '@parley/core';
import type { ChatSetup } from './chat-store.ts';
import type { EndpointsInfo } from './use-endpoints-info.ts';

/** SPEC point 3 storage names: the last setup of a new conversation and the last model per endpoint. */
const SETUP_STORAGE = 'lastConversationSetup';
const MODEL_STORAGE = 'lastSelectedModel';

function readJson<T>(key: string): Partial<T> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return value && typeof value === 'object' ? (value as Partial<T>) : {};
  } catch {
    return {};
  }
}

function lastModels(): Partial<Record<string, string>> {
  return readJson<Record<string, string>>(MODEL_STORAGE);
}

/** The models of an endpoint as the picker lists them: the last used one first (SPEC point 4). */
export function pickerModels(info: EndpointsInfo, endpoint: EndpointName): string[] {
  return withLastUsedFirst(info.models[endpoint] ?? [], lastModels()[endpoint]);
}

/** The model a new conversation on `endpoint` starts with: last used, else the default, else the first listed. */
export function defaultModelFor(info: EndpointsInfo, endpoint: EndpointName): string {
  const models = info.models[endpoint] ?? [];
  const preferred = [lastModels()[endpoint], endpointDefaults[endpoint].model as string | undefined];
  return preferred.find((m): m is string => Boolean(m && models.includes(m))) ?? models[0] ?? String(endpointDefaults[endpoint].model);
}

/**
 * Endpoint choice for a new conversation (SPEC point 4): the requested endpoint (new-conversation
 * menu) when enabled, else the last used one, else the fallback order, else openAI.
 */
export function initialSetup(info: EndpointsInfo, requested?: string | null): ChatSetup {
  const endpoint = chooseNewConversationEndpoint({ requested, lastUsed: readJson<ChatSetup>(SETUP_STORAGE).endpoint, enabled: info.endpoints });
  return { endpoint, model: defaultModelFor(info, endpoint) };
}

/** Remembers a choice made in the picker for the next new conversation. */
export function rememberSetup(setup: ChatSetup): void {
  try {
    localStorage.setItem(SETUP_STORAGE, JSON.stringify(setup));
    localStorage.setItem(MODEL_STORAGE, JSON.stringify({ ...lastModels(), [setup.endpoint]: setup.model }));
  } catch {
    // Remembering is a convenience; the choice still applies now.
  }
}
