import type { EndpointName } from '../endpoints/names.ts';
import { endpointProviders, modelAliases, titleModels, upstreamModels } from './catalog.ts';
import { chatGPTWebModel } from './chatgpt-web-models.ts';
import { familyOf, plainText } from './families.ts';
import type { AliasOverrides, ModelAlias, ModelCapabilities, ResolvedModel, UpstreamModelInfo } from './types.ts';

const aliasById: ReadonlyMap<string, ModelAlias> = new Map(modelAliases.map((a) => [a.alias, a]));

/** The catalog entry of a spec id, whichever endpoint offers it. */
export function aliasEntry(model: string): ModelAlias | undefined {
  return aliasById.get(model);
}

/** The catalog entry of an upstream model id. */
export function upstreamInfo(upstreamId: string): UpstreamModelInfo | undefined {
  return upstreamModels.get(upstreamId);
}

/** The spec ids an endpoint offers by default, in the spec's order. */
export function catalogAliases(endpoint: EndpointName): string[] {
  return modelAliases.filter((a) => a.endpoints.includes(endpoint) && !a.retiredId).map((a) => a.alias);
}

/**
 * What one call to `model` on `endpoint` sends upstream: an operator's override
 * (`X_MODEL_ALIASES`) first, then the catalog alias, else the id itself (a current upstream id
 * picked from a live list or set in `X_MODELS`).
 */
export function resolveModel(endpoint: EndpointName, model: string, overrides: AliasOverrides = {}): ResolvedModel {
  const entry = aliasEntry(model);
  const offered = entry && (entry.endpoints.includes(endpoint) || endpointProviders[endpoint] === upstreamModels.get(entry.upstream)?.provider);
  const overridden = Object.hasOwn(overrides, model) ? overrides[model] : undefined;
  const upstreamId = overridden ?? (offered ? entry.upstream : model);
  const info = upstreamInfo(upstreamId);
  return {
    alias: model,
    upstreamId,
    info,
    api: info?.api ?? 'chat',
    // An operator's override names a model, not the product's extras (search, effort) — those stay.
    options: offered ? { ...entry.options } : {},
  };
}

/**
 * What the model can do: its catalog entry, else its family's (a GPT, Claude, Gemini, Grok or
 * DeepSeek id only a live list knows, so a picture sent to a model newer than this catalog is not
 * refused); an id of no known family is plain text chat.
 */
export function modelCapabilities(endpoint: EndpointName, model: string, overrides?: AliasOverrides): ModelCapabilities {
  if (endpoint === 'chatGPTBrowser') return chatGPTWebModel(model).capabilities;
  const resolved = resolveModel(endpoint, model, overrides);
  return resolved.info?.capabilities ?? familyOf(endpointProviders[endpoint], resolved.upstreamId)?.capabilities ?? plainText;
}

/** The most tokens of prompt and answer the model holds (its catalog entry, else its family's), when known. */
export function contextWindowOf(endpoint: EndpointName, model: string, overrides?: AliasOverrides): number | undefined {
  if (endpoint === 'chatGPTBrowser') return chatGPTWebModel(model).contextWindow;
  const resolved = resolveModel(endpoint, model, overrides);
  return resolved.info?.contextWindow ?? familyOf(endpointProviders[endpoint], resolved.upstreamId)?.contextWindow;
}

/**
 * The small text model the endpoint's provider writes titles with, or undefined when it has no
 * API. Azure serves the operator's deployments, not a model list, so a small model of the
 * catalog may have no deployment there: its titles are written by the conversation's own model
 * (whose deployment just answered), unless that model draws pictures.
 */
export function titleModelFor(endpoint: EndpointName, conversationModel?: string, overrides?: AliasOverrides): string | undefined {
  if (endpoint === 'azureOpenAI') {
    return conversationModel && resolveModel(endpoint, conversationModel, overrides).api === 'chat' ? conversationModel : undefined;
  }
  const provider = endpointProviders[endpoint];
  return provider ? titleModels[provider] : undefined;
}

/** Whether the upstream model's announced shutdown day is on or before `now`. */
export function isRetired(info: UpstreamModelInfo, now: Date = new Date()): boolean {
  return info.retires !== undefined && info.retires <= now.toISOString().slice(0, 10);
}

/** Parses `alias=upstream,alias=upstream`; blank or malformed pairs are dropped. */
export function parseAliasOverrides(value: string | undefined): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const [from, to, ...rest] = pair.split('=').map((s) => s.trim());
    if (from && to && rest.length === 0) overrides[from] = to;
  }
  return overrides;
}
