import { endpointDisplayNames, modelDisplayName, resolveModel, aliasEntry, type AliasOverrides, type EndpointName } from '@parley/core';

/** The ids answered by one upstream model, under its name when any of them is an alias of it. */
export interface ModelFamily {
  /** The answering model's name (catalog label, else its id); absent when the family is one id that answers for itself. */
  answering?: string;
  models: string[];
}

/** One provider in the picker: its models by the model that answers them, or one row when it offers the very models shown under another provider. */
export type PickerGroup = { endpoint: EndpointName; families: ModelFamily[] } | { endpoint: EndpointName; sameAs: EndpointName };

/** The name of the model that answers for `model` on `endpoint` (after the operator's overrides), when it is not the id itself. */
export function answeringModel(endpoint: EndpointName, model: string, overrides?: AliasOverrides): string | undefined {
  const { upstreamId, info } = resolveModel(endpoint, model, overrides);
  if (upstreamId === model) return undefined;
  return info?.label ?? upstreamId;
}

function matches(query: string, endpoint: EndpointName, model: string, overrides?: AliasOverrides): boolean {
  const haystack = [model, modelDisplayName(model), answeringModel(endpoint, model, overrides), aliasEntry(model)?.label, endpointDisplayNames[endpoint]].join(' ').toLowerCase();
  return query.split(/\s+/).every((word) => haystack.includes(word));
}

/** Groups an endpoint's ids by the upstream model each calls, in the order they are listed. */
export function familiesOf(endpoint: EndpointName, models: readonly string[], overrides?: AliasOverrides): ModelFamily[] {
  const byUpstream = new Map<string, { label: string; aliased: boolean; models: string[] }>();
  for (const model of models) {
    const { upstreamId, info } = resolveModel(endpoint, model, overrides);
    const family = byUpstream.get(upstreamId) ?? { label: info?.label ?? upstreamId, aliased: false, models: [] };
    family.models.push(model);
    family.aliased ||= model !== upstreamId;
    byUpstream.set(upstreamId, family);
  }
  return [...byUpstream.values()].map((family) => (family.aliased ? { answering: family.label, models: family.models } : { models: family.models }));
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((model, i) => model === b[i]);

/**
 * The picker's groups, in the endpoints' order, each model listed once (issue 29): an endpoint
 * whose list is the very list of one already shown in full (Plugins offers OpenAI's models) is one
 * row that switches to it. The current endpoint's group is always shown in full.
 */
export function pickerGroups(
  endpoints: readonly EndpointName[],
  current: EndpointName,
  listOf: (endpoint: EndpointName) => string[],
  query: string,
  overridesOf: (endpoint: EndpointName) => AliasOverrides | undefined,
): PickerGroup[] {
  const needle = query.trim().toLowerCase();
  const lists = new Map(endpoints.map((endpoint) => [endpoint, listOf(endpoint)]));
  const full: EndpointName[] = [];
  const sameAs = new Map<EndpointName, EndpointName>();
  for (const endpoint of [current, ...endpoints.filter((e) => e !== current)]) {
    const list = lists.get(endpoint);
    if (!list) continue;
    const twin = full.find((shown) => sameList([...lists.get(shown)!].sort(), [...list].sort()));
    if (twin && list.length > 0) sameAs.set(endpoint, twin);
    else full.push(endpoint);
  }
  return endpoints.flatMap((endpoint): PickerGroup[] => {
    const twin = sameAs.get(endpoint);
    if (twin) return !needle || matches(needle, endpoint, '', undefined) ? [{ endpoint, sameAs: twin }] : [];
    const models = (lists.get(endpoint) ?? []).filter((model) => !needle || matches(needle, endpoint, model, overridesOf(endpoint)));
    return models.length > 0 ? [{ endpoint, families: familiesOf(endpoint, models, overridesOf(endpoint)) }] : [];
  });
}
