import {
  answererFields,
  resolveEndpoint,
  conversationRecordFields,
  presetRecordFields,
  type EndpointName,
  type Preset,
} from '@parley/core';

/** The fields of a preset that are not endpoint options, and the conversation record fields a preset never takes. */
const fixedFields: ReadonlySet<string> = new Set([...presetRecordFields, ...answererFields, ...conversationRecordFields]);

/** A preset's endpoint options (temperature, promptPrefix, tools…), everything but its fixed fields. */
export function presetOptions(preset: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(preset).filter(([key, value]) => !fixedFields.has(key) && value !== undefined));
}

export interface NewSetup {
  endpoint: EndpointName;
  model: string;
  options: Record<string, unknown>;
}

/**
 * The setup a chat started from a preset gets: all its fields (its model even when the server's
 * list no longer names it) when the server offers its endpoint. When it does not, no chat is
 * started: opening it on another endpoint would drop its settings unasked, so the user is told
 * which endpoint it needs (`unavailable`, the preset's own name for it).
 */
export function setupFromPreset(
  preset: Preset,
  enabled: readonly EndpointName[],
  modelFor: (endpoint: EndpointName) => string,
): { setup: NewSetup } | { unavailable: string } {
  const endpoint = resolveEndpoint(preset.endpoint);
  if (!endpoint || !enabled.includes(endpoint)) return { unavailable: endpoint ?? preset.endpoint };
  const model = typeof preset.model === 'string' ? preset.model : undefined;
  return { setup: { endpoint, model: model ?? modelFor(endpoint), options: presetOptions(preset) } };
}

/** A preset to save from a chat's setup (the save-as-preset dialog). */
export function presetFromSetup(setup: NewSetup, title: string): Record<string, unknown> {
  return { ...setup.options, presetId: null, title, endpoint: setup.endpoint, model: setup.model };
}
