import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { readRequestJson } from '../http/request-body.ts';

// The official reference server ships JavaScript only, and its own launcher listens on every
// interface, so we host its server factory here on 127.0.0.1.
const everythingServerModule: string = '@modelcontextprotocol/server-everything/dist/server/index.js';
type EverythingFactory = () => { server: McpServer; cleanup(sessionId?: string): void };

export interface McpHttpServer {
  /** The Streamable HTTP endpoint, for example `http://127.0.0.1:41234/mcp`. */
  url: string;
  /** Headers of every request received, to check what the client sent. */
  requests: IncomingMessage['headers'][];
  close(): Promise<void>;
}

/** `@modelcontextprotocol/server-everything` over Streamable HTTP, one session per client, on 127.0.0.1. */
export async function startEverythingHttp(): Promise<McpHttpServer> {
  const { createServer: createEverythingServer } = (await import(everythingServerModule)) as { createServer: EverythingFactory };
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const requests: IncomingMessage['headers'][] = [];
  const server = createServer((req, res) => {
    void (async () => {
      requests.push(req.headers);
      if (!req.url?.startsWith('/mcp')) {
        res.writeHead(404).end();
        return;
      }
      const sessionId = req.headers['mcp-session-id'];
      const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
      const body = req.method === 'POST' ? await readRequestJson(req) : undefined;
      if (existing) {
        await existing.handleRequest(req, res, body);
        return;
      }
      if (sessionId || req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
        return;
      }
      const { server: mcp, cleanup } = createEverythingServer();
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, transport),
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
        cleanup(transport.sessionId);
      };
      await mcp.connect(transport);
      await transport.handleRequest(req, res, body);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    async close() {
      await Promise.all([...sessions.values()].map((t) => t.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
