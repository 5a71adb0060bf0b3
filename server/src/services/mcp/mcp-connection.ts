import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Logger } from '../../app/logger.ts';
import { isStdioServer, type McpServerConfig } from './mcp-config.ts';

/** Starting a server (a cold `npx` may download it) and listing its tools get at least this long. */
const START_TIMEOUT_MS = 30_000;

/** A tool as the server lists it. */
export interface McpToolInfo {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

/** What `tools/call` answers, as the SDK hands it over. */
export interface McpCallResult {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
}

export interface McpConnectionOptions {
  name: string;
  config: McpServerConfig;
  /** Per request: connect, list and each tool call. */
  timeoutMs: number;
  log: Logger;
}

function transportFor(config: McpServerConfig): Transport {
  if (isStdioServer(config)) {
    return new StdioClientTransport({
      command: config.command,
      args: config.args,
      env: { ...getDefaultEnvironment(), ...config.env },
      cwd: config.cwd,
      stderr: 'pipe',
    });
  }
  return new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers } });
}

/**
 * One MCP server, started on first use. A server that exits (or a connection that drops) is
 * forgotten and started again by the next call; a call that times out stops the server, since
 * a hung server would hold every later call too.
 */
export class McpConnection {
  private client?: Promise<Client>;
  private tools?: McpToolInfo[];

  constructor(private readonly options: McpConnectionOptions) {}

  get name() {
    return this.options.name;
  }

  private connect(): Promise<Client> {
    this.client ??= this.start();
    return this.client;
  }

  private async start(): Promise<Client> {
    const { name, config, timeoutMs, log } = this.options;
    const client = new Client({ name: 'parley', version: '1.0.0' });
    const transport = transportFor(config);
    if (transport instanceof StdioClientTransport) {
      transport.stderr?.on('data', (chunk: Buffer) => log.debug({ mcpServer: name, stderr: chunk.toString('utf8').slice(0, 2000) }, 'mcp server stderr'));
    }
    const started = client;
    client.onclose = () => {
      log.warn({ mcpServer: name }, 'mcp server connection closed; the next call starts it again');
      void this.forget(started);
    };
    client.onerror = (error) => log.warn({ err: error, mcpServer: name }, 'mcp server transport error');
    try {
      await client.connect(transport, { timeout: Math.max(timeoutMs, START_TIMEOUT_MS) });
      log.info({ mcpServer: name }, 'mcp server connected');
      return client;
    } catch (error) {
      this.client = undefined;
      await client.close().catch(() => undefined);
      log.error({ err: error, mcpServer: name }, 'mcp server did not start');
      throw error;
    }
  }

  /** Drops a client that is the current one (a late close of an older one changes nothing). */
  private async forget(client: Client) {
    const current = this.client && (await this.client.catch(() => undefined));
    if (current === client) {
      this.client = undefined;
      this.tools = undefined;
    }
  }

  async listTools(): Promise<McpToolInfo[]> {
    if (this.tools) return this.tools;
    const client = await this.connect();
    const tools: McpToolInfo[] = [];
    let cursor: string | undefined;
    // Bounded: a server that keeps paging is cut off after 20 pages.
    for (let page = 0; page < 20; page++) {
      const answer = await client.listTools(cursor ? { cursor } : {}, { timeout: Math.max(this.options.timeoutMs, START_TIMEOUT_MS) });
      tools.push(...answer.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema as Record<string, unknown> })));
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    this.tools = tools;
    return tools;
  }

  async callTool(name: string, input: Record<string, unknown>, signal: AbortSignal): Promise<McpCallResult> {
    const client = await this.connect();
    try {
      return (await client.callTool({ name, arguments: input }, undefined, { signal, timeout: this.options.timeoutMs })) as McpCallResult;
    } catch (error) {
      if (!signal.aborted) {
        this.options.log.warn({ err: error, mcpServer: this.name, tool: name }, 'mcp tool call failed; the server is restarted on the next call');
        await this.stop(client);
      }
      throw error;
    }
  }

  private async stop(client: Client) {
    await this.forget(client);
    await client.close().catch((error: unknown) => this.options.log.warn({ err: error, mcpServer: this.name }, 'could not close an mcp server'));
  }

  async close(): Promise<void> {
    const client = this.client && (await this.client.catch(() => undefined));
    if (client) await this.stop(client);
  }
}
