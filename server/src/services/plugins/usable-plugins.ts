import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { MCP_PLUGIN_PREFIX } from '../mcp/mcp-hub.ts';
import { findUserById } from '../users/user-service.ts';
import { findBuiltinPlugin } from './builtin-plugins.ts';

/** Whether this server has the plugin: a built-in, or an MCP server of MCP_SERVERS_FILE. */
const pluginExists = (ctx: Pick<AppContext, 'mcp'>, pluginKey: string) =>
  Boolean(findBuiltinPlugin(pluginKey)) || (pluginKey.startsWith(MCP_PLUGIN_PREFIX) && Boolean(ctx.mcp.config(pluginKey.slice(MCP_PLUGIN_PREFIX.length))));

/**
 * Refuses (400 `unknown_plugin`, naming it) an ask whose tools name a plugin this server does not
 * have or this caller has not installed, instead of answering as if it were not there.
 */
export async function assertPluginsUsable(ctx: Pick<AppContext, 'db' | 'mcp'>, userId: string, pluginKeys: readonly string[]): Promise<void> {
  if (pluginKeys.length === 0) return;
  const installed = (await findUserById(ctx.db, userId))?.plugins ?? [];
  const refused = pluginKeys.find((key) => !pluginExists(ctx, key) || !installed.includes(key));
  if (refused !== undefined) throw new AppError('unknown_plugin', `There is no plugin "${refused}" you can use here.`, { plugin: refused });
}
