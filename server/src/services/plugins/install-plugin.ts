import { pluginAuthProblem, type UpdatePlugin, type UserPlugins } from '@parley/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { users } from '../../db/schema.ts';
import { MCP_PLUGIN_PREFIX } from '../mcp/mcp-hub.ts';
import { findUserById } from '../users/user-service.ts';
import { findBuiltinPlugin, serverCredentials } from './builtin-plugins.ts';
import { deletePluginAuth, pluginsWithAuth, storePluginAuth } from './plugin-auth-store.ts';

type Ctx = Pick<AppContext, 'env' | 'db' | 'mcp' | 'secrets'>;

function knownPlugin(ctx: Ctx, pluginKey: string) {
  const builtin = findBuiltinPlugin(pluginKey);
  const mcp = pluginKey.startsWith(MCP_PLUGIN_PREFIX) && ctx.mcp.config(pluginKey.slice(MCP_PLUGIN_PREFIX.length));
  if (!builtin && !mcp) throw new AppError('not_found', `There is no plugin ${pluginKey}.`);
  return builtin;
}

/**
 * The credentials to store for an install: none when the plugin needs none or the server holds
 * them, the user's stored ones when no new ones were entered, otherwise every field checked
 * with the rules of SPEC point 8.
 */
async function credentialsToStore(ctx: Ctx, userId: string, body: UpdatePlugin): Promise<Record<string, string> | undefined> {
  const plugin = knownPlugin(ctx, body.pluginKey);
  if (!plugin || plugin.authConfig.length === 0 || serverCredentials(ctx.env, plugin)) return undefined;
  const stored = (await pluginsWithAuth(ctx.db, userId)).get(plugin.pluginKey);
  if (!body.auth && plugin.authConfig.every((f) => stored?.has(f.authField))) return undefined;
  const values: Record<string, string> = {};
  for (const field of plugin.authConfig) {
    const value = body.auth?.[field.authField]?.trim();
    const problem = pluginAuthProblem(field.label, value);
    if (problem) throw new AppError('validation', problem, { field: field.authField });
    values[field.authField] = value!;
  }
  return values;
}

/** Installs (storing the entered credentials, sealed) or uninstalls (revoking them); answers the installed pluginKeys. */
export async function updateUserPlugin(ctx: Ctx, userId: string, body: UpdatePlugin): Promise<UserPlugins> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('unauthorized');
  let plugins: string[];
  if (body.action === 'install') {
    const credentials = await credentialsToStore(ctx, userId, body);
    if (credentials) await storePluginAuth(ctx.db, ctx.secrets.credsKey, userId, body.pluginKey, credentials);
    plugins = user.plugins.includes(body.pluginKey) ? user.plugins : [...user.plugins, body.pluginKey];
  } else {
    await deletePluginAuth(ctx.db, userId, body.pluginKey);
    plugins = user.plugins.filter((key) => key !== body.pluginKey);
  }
  await ctx.db.update(users).set({ plugins, updatedAt: new Date() }).where(eq(users.id, userId));
  return { plugins };
}
