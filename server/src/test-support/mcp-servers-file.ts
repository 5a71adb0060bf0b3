import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh MCP_SERVERS_FILE in the common `{"mcpServers": {…}}` format, for a test app. */
export function mcpServersFile(mcpServers: Record<string, unknown>): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'parley-mcp-')), 'mcp.json');
  writeFileSync(file, JSON.stringify({ mcpServers }));
  return file;
}
