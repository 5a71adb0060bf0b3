import { fileURLToPath } from 'node:url';

export { startEverythingHttp, type McpHttpServer } from './everything-http.ts';

/** `node <this file>` runs an MCP stdio server whose tools crash, hang, or answer their pid. */
export const misbehavingMcpServerPath = fileURLToPath(new URL('./misbehaving-server.mjs', import.meta.url));

/** `node <this file> stdio` runs the official reference server over stdio. */
export const everythingMcpServerPath = fileURLToPath(import.meta.resolve('@modelcontextprotocol/server-everything/dist/index.js'));
