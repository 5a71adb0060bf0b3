import type { PluginInfo } from '@parley/core';
import { misbehavingMcpServerPath } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalOf, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { bufferLogger } from '../../test-support/buffer-logger.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { mcpServersFile } from '../../test-support/mcp-servers-file.ts';

type Who = Awaited<ReturnType<ChatStack['t']['signUp']>>;
type Upstream = { messages: { role: string; content: unknown }[]; tool_choice?: unknown; tools?: unknown[] };

const AGENT_MAX_MS = 5000;

/** An agent run ends with something to read at the 10-step cap and at AGENT_MAX_MS. */
describe.each(testDatabaseKinds)('POST /api/ask/gptPlugins: the limits of an agent run on %s', (kind) => {
  let s: ChatStack;
  let alice: Who;
  const logs = bufferLogger();
  const upstreamBody = (index: number) => s.upstream.requests[index]!.body as Upstream;
  const askPlugins = (text: string, agent: 'functions' | 'classic') =>
    s.ask(alice, { endpoint: 'gptPlugins', model: 'gpt-4o', text, tools: [{ pluginKey: 'mcp:shaky' }], agentOptions: { agent, skipCompletion: true } }, '/api/ask/gptPlugins');

  beforeAll(async () => {
    const shaky = { command: process.execPath, args: [misbehavingMcpServerPath] };
    s = await startChatStack(kind, { MCP_SERVERS_FILE: mcpServersFile({ shaky }), AGENT_MAX_MS: String(AGENT_MAX_MS) }, { log: logs.log as never });
    alice = await s.t.signUp();
    expect((await s.post(alice, '/api/user/plugins', { pluginKey: 'mcp:shaky', action: 'install', auth: null })).status).toBe(200);
  });
  afterAll(() => s.close());

  it('functions agent: after 10 steps of tool calls, one last call without tools answers from the results', async () => {
    const steps = Array.from({ length: 10 }, (_, n) => ({ toolCalls: [{ id: `call_pid_${n}`, name: 'pid_mcp_shaky', arguments: '{}' }] }));
    s.upstream.enqueue(...steps, { chunks: ['The server ran as one process.'] }, { chunks: ['Pids'] });
    const before = s.upstream.requests.length;
    const { frames } = await askPlugins('which pid, ten times?', 'functions');

    const reply = finalOf(frames).responseMessage;
    expect(reply.text).toBe('The server ran as one process.');
    expect((reply.plugins as PluginInfo[]).map((p) => p.loading)).toEqual(Array(10).fill(false));
    const last = upstreamBody(before + 10);
    expect(last.tool_choice).toBe('none');
    expect(JSON.stringify(last.messages)).toContain('You have used all 10 tool steps');
    expect(last.messages.filter((m) => m.role === 'tool')).toHaveLength(10);
  });

  it('classic agent: after 10 Actions, one last turn writes the Final Answer from the observations', async () => {
    const steps = Array.from({ length: 10 }, () => ({ chunks: ['Thought: once more.\nAction: pid_mcp_shaky\nAction Input: {}'] }));
    s.upstream.enqueue(...steps, { chunks: [' It was one process.'] }, { chunks: ['Pids'] });
    const before = s.upstream.requests.length;
    const { frames } = await askPlugins('which pid, ten times?', 'classic');

    expect(finalOf(frames).responseMessage.text).toBe('It was one process.');
    const last = JSON.stringify(upstreamBody(before + 10).messages);
    expect(last).toContain('You have used all 10 tool steps');
    expect(last).toContain('I have used all my steps, so I answer now.\\nFinal Answer:');
  });

  it('past AGENT_MAX_MS the run stops: the steps shown stay, the reply says it ran out of time, and one line is logged', async () => {
    s.upstream.enqueue({ toolCalls: [{ id: 'call_pid', name: 'pid_mcp_shaky', arguments: '{}' }, { id: 'call_hang', name: 'hang_mcp_shaky', arguments: '{}' }] });
    const before = s.upstream.requests.length;
    const started = Date.now();
    const { frames } = await askPlugins('wait for the hang', 'functions');

    expect(Date.now() - started).toBeGreaterThanOrEqual(AGENT_MAX_MS);
    const reply = finalOf(frames).responseMessage;
    expect(reply).toMatchObject({ unfinished: true, cancelled: false });
    expect(JSON.parse(reply.errorText!)).toMatchObject({ type: 'agent_timeout' });
    const [pid, hang] = reply.plugins as PluginInfo[];
    expect(pid).toMatchObject({ latest: 'pid_mcp_shaky', loading: false, outputs: expect.stringMatching(/^\d+$/) });
    expect(hang).toMatchObject({ latest: 'hang_mcp_shaky', loading: false });
    expect(s.upstream.requests.length - before).toBe(1);

    const failed = logs.lines.filter((l) => l.includes('chat exchange failed')).map((l) => JSON.parse(l) as { level: number; code: string; endpoint: string });
    expect(failed).toEqual([expect.objectContaining({ level: 40, code: 'agent_timeout', endpoint: 'gptPlugins' })]);
  });
});
