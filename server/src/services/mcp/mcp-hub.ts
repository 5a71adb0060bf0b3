import type { Logger } from '../../app/logger.ts';
import type { Env } from '../../config/env.ts';
import { readMcpServers, type McpServerConfig } from './mcp-config.ts';
import { McpConnection } from './mcp-connection.ts';

export const MCP_PLUGIN_PREFIX = 'mcp:';

/** The MCP servers of MCP_SERVERS_FILE, one lazily started connection each, shared by every user. */
export interface McpHub {
  /** Server names in file order. */
  names(): string[];
  config(name: string): McpServerConfig | undefined;
  connection(name: string): McpConnection | undefined;
  close(): Promise<void>;
}

export function createMcpHub(env: Pick<Env, 'MCP_SERVERS_FILE' | 'MCP_CALL_TIMEOUT_MS'>, log: Logger): McpHub {
  const servers = readMcpServers(env.MCP_SERVERS_FILE);
  const connections = new Map(
    Object.entries(servers).map(([name, config]) => [name, new McpConnection({ name, config, timeoutMs: env.MCP_CALL_TIMEOUT_MS, log })]),
  );
  return {
    names: () => [...connections.keys()],
    config: (name) => (Object.hasOwn(servers, name) ? servers[name] : undefined),
    connection: (name) => connections.get(name),
    async close() {
      await Promise.all([...connections.values()].map((c) => c.close()));
    },
  };
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** The MCP servers of MCP_SERVERS_FILE, started on first use, closed with the app. */
    mcp: McpHub;
  }
}
