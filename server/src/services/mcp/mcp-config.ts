import { readFileSync } from 'node:fs';
import { z } from 'zod';

const serverName = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, _ and - (at most 40)');
const stringMap = z.record(z.string(), z.string());

const stdioServerSchema = z.object({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: stringMap.optional(),
  cwd: z.string().optional(),
  /** Shown in the plugin store; the server's own instructions are not fetched for it. */
  description: z.string().optional(),
});

const httpServerSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  headers: stringMap.optional(),
  description: z.string().optional(),
});

export type McpStdioServer = z.infer<typeof stdioServerSchema>;
type McpHttpServer = z.infer<typeof httpServerSchema>;
export type McpServerConfig = McpStdioServer | McpHttpServer;

/** The common `mcpServers` file of Claude Desktop, Cursor and LibreChat. */
const mcpServersFileSchema = z.object({
  mcpServers: z.record(serverName, z.union([stdioServerSchema, httpServerSchema])),
});

export const isStdioServer = (config: McpServerConfig): config is McpStdioServer => 'command' in config;

class McpConfigError extends Error {}

/** Reads MCP_SERVERS_FILE once at start; a missing or malformed file stops the start with its reason. */
export function readMcpServers(file: string | undefined): Record<string, McpServerConfig> {
  if (!file) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new McpConfigError(`MCP_SERVERS_FILE ${file}: ${(error as Error).message}`);
  }
  const parsed = mcpServersFileSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new McpConfigError(`MCP_SERVERS_FILE ${file} is not a valid mcpServers file:\n${lines.join('\n')}`);
  }
  return parsed.data.mcpServers;
}
