import type { PluginInfo } from '@parley/core';
import { everythingMcpServerPath } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deltasOf, finalOf, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { bufferLogger } from '../../test-support/buffer-logger.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { mcpServersFile } from '../../test-support/mcp-servers-file.ts';

type Who = Awaited<ReturnType<ChatStack['t']['signUp']>>;
type Upstream = { messages: { role: string; content: unknown; tool_call_id?: string }[] };

/** The reference server's tool that answers after `duration` seconds. */
const slowTool = 'trigger-long-running-operation_mcp_everything';

/** How the agent copes with tool calls the model gets wrong, and with several calls in one step. */
describe.each(testDatabaseKinds)('POST /api/ask/gptPlugins: tool calls on %s', (kind) => {
  let s: ChatStack;
  let alice: Who;
  const logs = bufferLogger();
  /** The first `role: tool` answer to a call id the model received since request `from`. */
  const toolMessage = (from: number, id: string) =>
    s.upstream.requests
      .slice(from)
      .flatMap((r) => (r.body as Upstream | undefined)?.messages ?? [])
      .find((m) => m.role === 'tool' && m.tool_call_id === id);
  const askPlugins = (text: string, tools: { pluginKey: string }[]) =>
    s.ask(alice, { endpoint: 'gptPlugins', model: 'gpt-4o', text, tools, agentOptions: { agent: 'functions', skipCompletion: true } }, '/api/ask/gptPlugins');

  beforeAll(async () => {
    const everything = { command: process.execPath, args: [everythingMcpServerPath, 'stdio'] };
    s = await startChatStack(kind, { MCP_SERVERS_FILE: mcpServersFile({ everything }) }, { log: logs.log as never });
    alice = await s.t.signUp();
    for (const pluginKey of ['calculator', 'mcp:everything']) {
      expect((await s.post(alice, '/api/user/plugins', { pluginKey, action: 'install', auth: null })).status).toBe(200);
    }
  });
  afterAll(() => s.close());

  it('an unknown tool, broken JSON and input against the schema become error steps the model reads and corrects', async () => {
    s.upstream.enqueue(
      {
        toolCalls: [
          { id: 'call_unknown', name: 'weather', arguments: '{"city":"Oslo"}' },
          { id: 'call_json', name: 'calculator', arguments: '{"input": 2+' },
        ],
      },
      { toolCalls: [{ id: 'call_schema', name: 'calculator', arguments: '{"expression":"2+2"}' }] },
      { toolCalls: [{ id: 'call_good', name: 'calculator', arguments: '{"input":"2+2"}' }] },
      { chunks: ['2+2 is 4.'] },
      { chunks: ['Sums'] },
    );
    const before = s.upstream.requests.length;
    const { frames } = await askPlugins('what is 2+2', [{ pluginKey: 'calculator' }]);

    const reply = finalOf(frames).responseMessage;
    expect(reply.text).toBe('2+2 is 4.');
    expect(toolMessage(before, 'call_unknown')?.content).toMatch(/unavailable tool 'weather'/);
    expect(toolMessage(before, 'call_json')?.content).toMatch(/Invalid input for tool calculator/);
    expect(toolMessage(before, 'call_schema')?.content).toMatch(/^Error: .*input/s);
    expect(toolMessage(before, 'call_good')?.content).toBe('4');
    const steps = reply.plugins as PluginInfo[];
    expect(steps.map((p) => [p.latest, p.loading])).toEqual([
      ['weather', false],
      ['calculator', false],
      ['calculator', false],
      ['calculator', false],
    ]);
    expect(steps.slice(0, 3).every((p) => String(p.outputs).startsWith('Error: '))).toBe(true);
    expect(steps[3]!.outputs).toBe('4');

    const failures = logs.lines.filter((l) => l.includes('agent tool call failed')).map((l) => JSON.parse(l) as { level: number; tool: string });
    expect(failures.map((f) => f.tool)).toEqual(['weather', 'calculator', 'calculator']);
    expect(failures.every((f) => f.level === 30)).toBe(true);
    expect(failures.some((f) => JSON.stringify(f).includes('Oslo'))).toBe(false);
  });

  it('gives each of a step’s parallel calls of one tool its own output, whatever order they finish in', async () => {
    // Finishing order: the third call, then the first, then the second.
    const durations = ['0.4', '0.8', '0.05'];
    const toolCalls = durations.map((duration, n) => ({ id: `call_slow_${n}`, name: slowTool, arguments: `{"duration":${duration},"steps":1}` }));
    s.upstream.enqueue({ toolCalls }, { chunks: ['All three done.'] }, { chunks: ['Waits'] });
    const before = s.upstream.requests.length;
    const { frames } = await askPlugins('wait three times', [{ pluginKey: 'mcp:everything' }]);

    const finished = (plugins: PluginInfo[]) => plugins.map((p) => (p.loading ? null : String(p.outputs).match(/Duration: ([\d.]+) seconds/)?.[1]));
    expect(finished(finalOf(frames).responseMessage.plugins as PluginInfo[])).toEqual(durations);
    // Each delta shows only the steps that have finished so far, each with its own output.
    const shown = deltasOf(frames).flatMap((d) => (d.plugins ? [finished(d.plugins)] : []));
    expect(shown.at(-3)).toEqual([null, null, '0.05']);
    expect(shown.at(-2)).toEqual(['0.4', null, '0.05']);
    for (const [n, duration] of durations.entries()) expect(toolMessage(before, `call_slow_${n}`)?.content).toContain(`Duration: ${duration} seconds`);
  });
});
