import type { Plugin } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { MCP_PLUGIN_PREFIX } from '../mcp/mcp-hub.ts';
import { builtinPlugins, serverCredentials, type BuiltinPlugin } from './builtin-plugins.ts';
import { pluginsWithAuth } from './plugin-auth-store.ts';

/** The store does not wait longer than this for a server to list its tools. */
const LIST_TOOLS_WAIT_MS = 5000;

/** Whether a built-in plugin can run for this user: the server holds its credentials, or the user holds every field. */
function builtinAuthenticated(ctx: Pick<AppContext, 'env'>, plugin: BuiltinPlugin, userFields: Set<string> | undefined): boolean {
  if (plugin.authConfig.length === 0 || serverCredentials(ctx.env, plugin)) return true;
  return plugin.authConfig.every((f) => userFields?.has(f.authField));
}

async function mcpToolNames(ctx: Pick<AppContext, 'mcp' | 'log'>, name: string): Promise<string[]> {
  const connection = ctx.mcp.connection(name)!;
  let timer: NodeJS.Timeout | undefined;
  const wait = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no tool list within ${LIST_TOOLS_WAIT_MS} ms`)), LIST_TOOLS_WAIT_MS);
  });
  try {
    return (await Promise.race([connection.listTools(), wait])).map((t) => t.name);
  } catch (error) {
    ctx.log.warn({ err: error, mcpServer: name }, 'mcp server did not list its tools for the plugin store');
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/** An MCP server as a store entry: no user credentials (the operator configured it), its tools listed. */
async function mcpPlugin(ctx: Pick<AppContext, 'mcp' | 'log'>, name: string): Promise<Plugin> {
  const tools = await mcpToolNames(ctx, name);
  return {
    name,
    pluginKey: `${MCP_PLUGIN_PREFIX}${name}`,
    description: ctx.mcp.config(name)?.description ?? `MCP server with ${tools.length} tools`,
    icon: 'plug',
    authConfig: [],
    authenticated: true,
    tools,
  };
}

/** Every plugin of this server, with whether this user can use it right away. */
export async function listPlugins(ctx: Pick<AppContext, 'env' | 'db' | 'mcp' | 'log'>, userId: string): Promise<Plugin[]> {
  const userAuth = await pluginsWithAuth(ctx.db, userId);
  const builtins = builtinPlugins.map(
    (plugin): Plugin => ({
      name: plugin.name,
      pluginKey: plugin.pluginKey,
      description: plugin.description,
      icon: plugin.icon,
      authConfig: plugin.authConfig.map(({ authField, label, description }) => ({ authField, label, description })),
      authenticated: builtinAuthenticated(ctx, plugin, userAuth.get(plugin.pluginKey)),
    }),
  );
  const servers = await Promise.all(ctx.mcp.names().map((name) => mcpPlugin(ctx, name)));
  return [...builtins, ...servers];
}

/** pluginKey → display name, for the gptPlugins entry of `GET /api/endpoints` (no server is started for it). */
export function pluginNames(ctx: Pick<AppContext, 'mcp'>): Record<string, string> {
  const names = builtinPlugins.map((p) => [p.pluginKey, p.name]);
  return Object.fromEntries([...names, ...ctx.mcp.names().map((n) => [`${MCP_PLUGIN_PREFIX}${n}`, n])]);
}
