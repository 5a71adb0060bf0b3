import { upstreamModel, type CreatedEvent, type Message, type PluginInfo } from '@parley/core';
import { misbehavingMcpServerPath } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectSse, deltasOf, finalOf, json, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { mcpServersFile } from '../../test-support/mcp-servers-file.ts';

type Who = Awaited<ReturnType<ChatStack['t']['signUp']>>;
type Upstream = { messages: { role: string; content: unknown; tool_call_id?: string; tool_calls?: { id: string }[] }[]; tools?: { function: { name: string } }[] };

describe.each(testDatabaseKinds)('POST /api/ask/gptPlugins with tools on %s', (kind) => {
  let s: ChatStack;
  let alice: Who;
  const upstreamBody = (index: number) => s.upstream.requests[index]!.body as Upstream;
  const calculator = [{ pluginKey: 'calculator' }];
  const askPlugins = (body: Record<string, unknown>) =>
    s.ask(alice, { endpoint: 'gptPlugins', model: 'gpt-4o', tools: calculator, ...body }, '/api/ask/gptPlugins');

  beforeAll(async () => {
    s = await startChatStack(kind, { MCP_SERVERS_FILE: mcpServersFile({ shaky: { command: process.execPath, args: [misbehavingMcpServerPath] } }) });
    alice = await s.t.signUp();
    for (const pluginKey of ['calculator', 'mcp:shaky']) {
      expect((await s.post(alice, '/api/user/plugins', { pluginKey, action: 'install', auth: null })).status).toBe(200);
    }
  });
  afterAll(() => s.close());

  it('functions agent: calls the tool, sends its result back as role tool, streams the steps and stores them on the reply', async () => {
    s.upstream.enqueue({ toolCalls: [{ id: 'call_calc', name: 'calculator', arguments: '{"input":"2+3*4"}' }] }, { chunks: ['2+3*4 ', 'is 14.'] }, { chunks: ['Math'] });
    const before = s.upstream.requests.length;
    const { frames } = await askPlugins({ text: 'what is 2+3*4', agentOptions: { agent: 'functions', skipCompletion: true, model: 'gpt-4.1', temperature: 0 } });

    expect(upstreamBody(before).tools?.map((t) => t.function.name)).toEqual(['calculator']);
    // gpt-4.1 takes sampling parameters (the GPT-6 models behind the spec aliases do not).
    expect(s.upstream.requests[before]!.body).toMatchObject({ model: 'gpt-4.1', temperature: 0 });
    const followUp = upstreamBody(before + 1).messages;
    expect(followUp.at(-2)).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'call_calc' }] });
    expect(followUp.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_calc', content: '14' });

    const steps = deltasOf(frames).filter((d) => d.plugins).map((d) => d.plugins!.at(-1));
    expect(steps[0]).toMatchObject({ latest: 'calculator', loading: true, inputs: [{ input: '2+3*4' }] });
    expect(steps.at(-1)).toMatchObject({ latest: 'calculator', loading: false, outputs: '14' });
    const final = finalOf(frames);
    expect(final.responseMessage.text).toBe('2+3*4 is 14.');
    expect(final.conversation).toMatchObject({ endpoint: 'gptPlugins', tools: ['calculator'] });

    const { conversationId } = frames[0]!.data as CreatedEvent;
    const reloaded = await json<Message[]>(s.get(alice, `/api/messages/${conversationId}`));
    expect((reloaded.at(-1)!.plugins as PluginInfo[])[0]).toMatchObject({ latest: 'calculator', loading: false, outputs: '14' });
  });

  it('without skipCompletion the conversation model writes the answer from the agent steps', async () => {
    s.upstream.enqueue({ toolCalls: [{ name: 'calculator', arguments: '{"input":"6*7"}' }] }, { chunks: ['The product is 42.'] }, { chunks: ['It is ', '42!'] }, { chunks: ['Product'] });
    const before = s.upstream.requests.length;
    const { frames } = await askPlugins({ text: 'six times seven?', agentOptions: { agent: 'functions', skipCompletion: false, model: 'gpt-3.5-turbo' } });
    expect(finalOf(frames).responseMessage.text).toBe('It is 42!');
    const completion = upstreamBody(before + 2);
    expect(completion.tools).toBeUndefined();
    expect(s.upstream.requests[before + 2]!.body).toMatchObject({ model: upstreamModel('gptPlugins', 'gpt-4o').id });
    expect(JSON.stringify(completion.messages)).toContain('calculator with {\\"input\\":\\"6*7\\"} answered:\\n42');
  });

  it('classic agent: parses Action / Action Input, feeds the Observation back and ends at the Final Answer', async () => {
    s.upstream.enqueue(
      { chunks: ['Thought: I should compute it.\n', 'Action: calculator\nAction Input: 2+3*4'] },
      { chunks: ['I now know the final answer\nFinal Answer: ', 'It is 14.'] },
      { chunks: ['Classic'] },
    );
    const before = s.upstream.requests.length;
    const { frames } = await askPlugins({ text: 'what is 2+3*4', agentOptions: { agent: 'classic', skipCompletion: true, model: 'gpt-3.5-turbo' } });
    expect(upstreamBody(before).tools).toBeUndefined();
    expect(JSON.stringify(upstreamBody(before).messages)).toContain('Action: the action to take, exactly one of [calculator]');
    expect(JSON.stringify(upstreamBody(before + 1).messages)).toContain('Observation: 14');
    expect(finalOf(frames).responseMessage).toMatchObject({ text: 'It is 14.', plugins: [{ latest: 'calculator', loading: false, outputs: '14' }] });
  });

  it('offers only installed plugins: naming an uninstalled one answers 400 unknown_plugin, with nothing sent upstream', async () => {
    const before = s.upstream.requests.length;
    const { response } = await askPlugins({ text: 'search otters', tools: [{ pluginKey: 'google' }] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'unknown_plugin', data: { plugin: 'google' } });
    expect(s.upstream.requests.length).toBe(before);
  });

  it('abort stops the loop and the running MCP tool call', async () => {
    s.upstream.enqueue({ toolCalls: [{ name: 'hang_mcp_shaky', arguments: '{}' }] });
    const before = s.upstream.requests.length;
    const response = await s.post(alice, '/api/ask/gptPlugins', {
      endpoint: 'gptPlugins', model: 'gpt-4o', conversationId: null, text: 'wait forever', tools: [{ pluginKey: 'mcp:shaky' }], agentOptions: { agent: 'functions', skipCompletion: true },
    });
    const stream = collectSse(response);
    await stream.until((frames) => deltasOf(frames).some((d) => d.plugins?.[0]?.latest === 'hang_mcp_shaky'));
    const { conversationId } = stream.frames[0]!.data as CreatedEvent;
    expect((await s.post(alice, '/api/ask/gptPlugins/abort', { abortKey: conversationId })).status).toBe(200);
    await stream.done;
    expect(finalOf(stream.frames).responseMessage).toMatchObject({ cancelled: true });
    expect(s.upstream.requests.length - before).toBe(1);
  });
});
