import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { everythingMcpServerPath, misbehavingMcpServerPath, startEverythingHttp, type McpHttpServer } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../app/logger.ts';
import { ToolError } from '../plugins/tools/plugin-tool.ts';
import { createMcpHub, type McpHub } from './mcp-hub.ts';
import { mcpPluginTools } from './mcp-tools.ts';

const log = createLogger({ LOG_LEVEL: 'silent' });
let http: McpHttpServer;
let hub: McpHub;

function serversFile(servers: Record<string, unknown>): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'parley-mcp-')), 'mcp.json');
  writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return file;
}

beforeAll(async () => {
  http = await startEverythingHttp();
  const file = serversFile({
    everything: { command: process.execPath, args: [everythingMcpServerPath, 'stdio'] },
    remote: { url: http.url, headers: { 'X-Parley-Test': 'yes' } },
    shaky: { command: process.execPath, args: [misbehavingMcpServerPath] },
  });
  hub = createMcpHub({ MCP_SERVERS_FILE: file, MCP_CALL_TIMEOUT_MS: 1500 }, log);
});

afterAll(async () => {
  await hub.close();
  await http.close();
});

const toolsOf = async (name: string) => mcpPluginTools(hub.connection(name)!);
const find = async (server: string, tool: string) => (await toolsOf(server)).find((t) => t.name === `${tool}_mcp_${server}`)!;
const signal = () => new AbortController().signal;

describe.each(['everything', 'remote'])('the reference server over %s', (server) => {
  it('lists its tools with their input schemas', async () => {
    const tools = await toolsOf(server);
    const sum = tools.find((t) => t.name === `get-sum_mcp_${server}`);
    expect(sum?.inputSchema).toMatchObject({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } });
    expect(tools.length).toBeGreaterThan(5);
  });

  it('calls a tool and reads its text', async () => {
    const result = await (await find(server, 'get-sum')).run({ a: 2, b: 40 }, signal());
    expect(result.text).toContain('42');
  });

  it('hands over pictures from image content', async () => {
    const result = await (await find(server, 'get-tiny-image')).run({}, signal());
    expect(result.images?.[0]).toMatchObject({ mediaType: 'image/png' });
    expect(result.images?.[0]?.base64?.length).toBeGreaterThan(20);
  });
});

describe('a server that misbehaves', () => {
  it('is started again after it crashed during a call', async () => {
    const pid = await find('shaky', 'pid');
    const before = (await pid.run({}, signal())).text;
    await expect((await find('shaky', 'crash')).run({}, signal())).rejects.toThrow();
    const after = (await (await find('shaky', 'pid')).run({}, signal())).text;
    expect(after).toMatch(/^\d+$/);
    expect(after).not.toBe(before);
  });

  it('gives up on a call that hangs after the timeout, and the next call gets a fresh server', async () => {
    const before = (await (await find('shaky', 'pid')).run({}, signal())).text;
    await expect((await find('shaky', 'hang')).run({}, signal())).rejects.toThrow(/timed out/i);
    const after = (await (await find('shaky', 'pid')).run({}, signal())).text;
    expect(after).not.toBe(before);
  });

  it('stops a hanging call at once when the exchange is aborted', async () => {
    const controller = new AbortController();
    const call = (await find('shaky', 'hang')).run({}, controller.signal);
    controller.abort();
    await expect(call).rejects.toThrow();
  });
});

describe('results', () => {
  it('turns an error result into a ToolError the model reads', async () => {
    const { mcpResultToToolResult } = await import('./mcp-tools.ts');
    expect(() => mcpResultToToolResult({ isError: true, content: [{ type: 'text', text: 'no such city' }] })).toThrow(ToolError);
    expect(mcpResultToToolResult({ content: [{ type: 'resource', resource: { uri: 'file:///a', text: 'hello' } }] }).text).toBe('hello');
  });
});
