import type { AppContext } from '../../app/context.ts';
import { outboundFetch } from '../../net/outbound-fetch.ts';
import { outboundPolicy } from '../../net/outbound-url.ts';
import { MCP_PLUGIN_PREFIX } from '../mcp/mcp-hub.ts';
import { mcpPluginTools } from '../mcp/mcp-tools.ts';
import { findBuiltinPlugin, serverCredentials, type BuiltinPlugin } from './builtin-plugins.ts';
import { readPluginAuth } from './plugin-auth-store.ts';
import { azureAiSearchTool } from './tools/azure-ai-search.ts';
import { calculatorTool } from './tools/calculator.ts';
import { dalleTool } from './tools/dalle.ts';
import { googleSearchTool } from './tools/google-search.ts';
import type { PluginTool } from './tools/plugin-tool.ts';
import { serpApiTool } from './tools/serpapi.ts';
import { stableDiffusionTool } from './tools/stable-diffusion.ts';
import type { ToolHttp } from './tools/tool-http.ts';
import { webBrowserTool } from './tools/web-browser.ts';
import { wolframTool } from './tools/wolfram.ts';

type Ctx = Pick<AppContext, 'env' | 'db' | 'mcp' | 'secrets' | 'log' | 'workers'>;

const TOOL_TIMEOUT_MS = 30_000;
const TOOL_MAX_BYTES = 2 * 1024 * 1024;

/** Fixed public APIs go out plainly; addresses a user typed only to public hosts (SSRF rules of net/). */
function toolHttp(ctx: Ctx): ToolHttp {
  const policy = outboundPolicy(ctx.env);
  return { fetch, userFetch: outboundFetch({ ...policy, anyPublicHost: true }), timeoutMs: TOOL_TIMEOUT_MS, maxBytes: TOOL_MAX_BYTES };
}

/** The tool of a built-in plugin with its credentials; the operator's own addresses are trusted like base URLs. */
function builtinTool(ctx: Ctx, plugin: BuiltinPlugin, auth: Record<string, string>, http: ToolHttp, fromServer: boolean): PluginTool {
  switch (plugin.pluginKey) {
    case 'calculator':
      return calculatorTool(ctx.workers);
    case 'web-browser':
      return webBrowserTool(http);
    case 'google':
      return googleSearchTool(auth, http);
    case 'serpapi':
      return serpApiTool(auth, http);
    case 'wolfram':
      return wolframTool(auth, http);
    case 'dalle':
      return dalleTool(auth, http);
    case 'stable-diffusion':
      return stableDiffusionTool(auth, http, fromServer);
    default:
      return azureAiSearchTool(auth, http, fromServer);
  }
}

async function toolsOfPlugin(ctx: Ctx, userId: string, pluginKey: string, http: ToolHttp): Promise<PluginTool[]> {
  if (pluginKey.startsWith(MCP_PLUGIN_PREFIX)) {
    const connection = ctx.mcp.connection(pluginKey.slice(MCP_PLUGIN_PREFIX.length));
    return connection ? mcpPluginTools(connection) : [];
  }
  const plugin = findBuiltinPlugin(pluginKey);
  if (!plugin) return [];
  const server = serverCredentials(ctx.env, plugin);
  const auth = server ?? (await readPluginAuth(ctx.db, ctx.secrets.credsKey, userId, pluginKey));
  if (plugin.authConfig.some((f) => !auth[f.authField])) {
    ctx.log.warn({ userId, pluginKey }, 'plugin left out of the agent: its credentials are missing');
    return [];
  }
  return [builtinTool(ctx, plugin, auth, http, Boolean(server))];
}

/**
 * The tools the agent may call for this exchange: the conversation's plugins that this user
 * has installed, each with its credentials. A plugin that cannot start is left out and logged.
 */
export async function loadPluginTools(ctx: Ctx, userId: string, installed: readonly string[], pluginKeys: readonly string[]): Promise<PluginTool[]> {
  const http = toolHttp(ctx);
  const wanted = [...new Set(pluginKeys)].filter((key) => installed.includes(key));
  const lists = await Promise.all(
    wanted.map((key) =>
      toolsOfPlugin(ctx, userId, key, http).catch((error: unknown) => {
        ctx.log.error({ err: error, userId, pluginKey: key }, 'plugin tools could not be loaded');
        return [];
      }),
    ),
  );
  return lists.flat();
}
