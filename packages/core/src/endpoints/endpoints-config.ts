import { z } from 'zod';
import { endpointOrder, endpointNameSchema, type EndpointName } from './names.ts';

export const endpointConfigEntrySchema = z.object({
  /** Position in the endpoint menu (SPEC point 4). */
  order: z.number().int(),
  /** Users bring their own key (`X_API_KEY=user_provided`); the client offers "set key". */
  userProvide: z.boolean(),
});
export type EndpointConfigEntry = z.infer<typeof endpointConfigEntrySchema>;

/** gptPlugins runs on the OpenAI account and also names the plugins and agents it can use. */
export const pluginsEndpointConfigEntrySchema = endpointConfigEntrySchema.extend({
  /** pluginKey → display name of every plugin the server offers. */
  plugins: z.record(z.string(), z.string()),
  availableAgents: z.array(z.string()).readonly(),
});
export type PluginsEndpointConfigEntry = z.infer<typeof pluginsEndpointConfigEntrySchema>;

const entryOrOff = z.union([endpointConfigEntrySchema, z.literal(false)]);
const pluginsEntryOrOff = z.union([pluginsEndpointConfigEntrySchema, z.literal(false)]);
type EntryShape = { [K in EndpointName]: K extends 'gptPlugins' ? typeof pluginsEntryOrOff : typeof entryOrOff };

/** `GET /api/endpoints`: every endpoint in menu order, an entry when enabled, `false` when not. */
export const endpointsConfigSchema = z.object(
  Object.fromEntries(endpointOrder.map((name) => [name, name === 'gptPlugins' ? pluginsEntryOrOff : entryOrOff])) as EntryShape,
);
export type EndpointsConfig = z.infer<typeof endpointsConfigSchema>;

/** `GET /api/models`: the model list of every endpoint (empty when the server has none to offer). */
export const modelsConfigSchema = z.record(endpointNameSchema, z.array(z.string()));
export type ModelsConfig = z.infer<typeof modelsConfigSchema>;

/**
 * `GET /api/models/retiring`: per endpoint, the listed models that shut down within 30 days and
 * their shutdown day (UTC `YYYY-MM-DD`), which the model picker marks.
 */
export const modelRetirementsSchema = z.partialRecord(endpointNameSchema, z.record(z.string(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)));
export type ModelRetirements = z.infer<typeof modelRetirementsSchema>;

/**
 * `GET /api/models/costs`: what one call to each offered model costs in quota, by endpoint, for a
 * caller who pays per call (an access key or a free visitor); empty for an account, which does not.
 */
export const modelCostsSchema = z.partialRecord(endpointNameSchema, z.record(z.string(), z.number().int().nonnegative()));
export type ModelCosts = z.infer<typeof modelCostsSchema>;
