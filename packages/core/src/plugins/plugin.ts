import { z } from 'zod';

/** One credential a plugin needs, as the auth form asks for it. */
export const pluginAuthFieldSchema = z.object({
  authField: z.string(),
  label: z.string(),
  description: z.string(),
});
export type PluginAuthField = z.infer<typeof pluginAuthFieldSchema>;

/** A plugin of the store (SPEC "Plugin/tool"): built-in tools and MCP servers alike. */
export const pluginSchema = z.object({
  name: z.string(),
  pluginKey: z.string(),
  description: z.string(),
  icon: z.string().optional(),
  authConfig: z.array(pluginAuthFieldSchema),
  /** The server or this user already holds every credential it needs. */
  authenticated: z.boolean(),
  /** Names of the tools it gives the agent (an MCP server lists its own). */
  tools: z.array(z.string()).optional(),
});
export type Plugin = z.infer<typeof pluginSchema>;

/** The shortest credential the auth form (and the server) accepts. */
export const PLUGIN_AUTH_MIN_LENGTH = 10;
/** The longest one we store; a real key is far shorter. */
export const PLUGIN_AUTH_MAX_LENGTH = 4096;

export const pluginAuthRequired = (label: string) => `${label} is required.`;
export const pluginAuthTooShort = (label: string) => `${label} must be at least ${PLUGIN_AUTH_MIN_LENGTH} characters long`;

/** The problem with one entered credential, in the words of SPEC point 8; undefined when it is fine. */
export function pluginAuthProblem(label: string, value: string | undefined): string | undefined {
  if (!value) return pluginAuthRequired(label);
  if (value.length < PLUGIN_AUTH_MIN_LENGTH) return pluginAuthTooShort(label);
  return undefined;
}

export const pluginKeySchema = z.string().min(1).max(120).regex(/^[A-Za-z0-9:_.-]+$/);

/** `POST /api/user/plugins`: install with the entered auth, or uninstall (auth null). */
export const updatePluginSchema = z.object({
  pluginKey: pluginKeySchema,
  action: z.enum(['install', 'uninstall']),
  auth: z.record(z.string().max(100), z.string().max(PLUGIN_AUTH_MAX_LENGTH)).nullable().optional(),
});
export type UpdatePlugin = z.infer<typeof updatePluginSchema>;

/** What the server answers an install or uninstall: the user's installed pluginKeys. */
export const userPluginsSchema = z.object({ plugins: z.array(z.string()) });
export type UserPlugins = z.infer<typeof userPluginsSchema>;

/** The pluginKeys of a tools list, whether it holds `{pluginKey}` objects (the ask) or plain keys (a conversation). */
export const toolPluginKeys = (tools: unknown): string[] =>
  Array.isArray(tools)
    ? tools.map((t: unknown) => (typeof t === 'string' ? t : (t as { pluginKey?: unknown } | null)?.pluginKey)).filter((k): k is string => typeof k === 'string' && k !== '')
    : [];
