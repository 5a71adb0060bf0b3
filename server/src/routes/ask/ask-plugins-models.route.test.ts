import { upstreamModel } from '@parley/core';
import { startAnthropicFake, startAzureOpenAIFake, startGoogleFake, type FakeUpstream, type GoogleFake } from '@parley/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { finalOf, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';

type Who = Awaited<ReturnType<ChatStack['t']['signUp']>>;
type Body = Record<string, unknown> & { messages?: { role: string; content: unknown }[]; contents?: { role: string; parts: Record<string, unknown>[] }[] };

const calculator = [{ pluginKey: 'calculator' }];
const calculate = { name: 'calculator', arguments: '{"input":"2+3*4"}' };

/** The agent's native tool calling on every account that has it: Anthropic, Gemini, Azure, and OpenAI's reasoning models. */
describe('POST /api/ask/gptPlugins: the agent model of agentOptions', () => {
  let s: ChatStack;
  let alice: Who;
  let anthropic: FakeUpstream;
  let google: GoogleFake;
  const askPlugins = (agentOptions: Record<string, unknown>) =>
    s.ask(alice, { endpoint: 'gptPlugins', model: 'gpt-4o', tools: calculator, text: 'what is 2+3*4', agentOptions: { agent: 'functions', skipCompletion: true, ...agentOptions } }, '/api/ask/gptPlugins');

  beforeAll(async () => {
    anthropic = await startAnthropicFake({ apiKey: 'sk-ant-agent' });
    google = await startGoogleFake({ apiKey: 'AIza-agent' });
    s = await startChatStack('pglite', {
      ANTHROPIC_API_KEY: 'sk-ant-agent',
      ANTHROPIC_BASE_URL: `${anthropic.url}/v1`,
      GOOGLE_API_KEY: 'AIza-agent',
      GOOGLE_BASE_URL: google.url,
    });
    alice = await s.t.signUp();
    expect((await s.post(alice, '/api/user/plugins', { pluginKey: 'calculator', action: 'install', auth: null })).status).toBe(200);
  });
  afterEach(() => {
    delete (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS;
  });
  afterAll(async () => {
    await s.close();
    await anthropic.close();
    await google.close();
  });

  it('a Claude agent model calls tools with tool_use and gets the result back as a tool_result block', async () => {
    const model = upstreamModel('anthropic', 'claude-2').id;
    anthropic.enqueue({ model, toolCalls: [{ id: 'toolu_01calc', ...calculate }] }, { model, chunks: ['2+3*4 is ', '14.'] });
    const before = anthropic.requests.length;
    const { frames } = await askPlugins({ model: 'claude-2', temperature: 0.5 });
    expect(anthropic.requests.length - before).toBe(2);
    const first = anthropic.requests[before]!.body as Body & { tools: { name: string }[] };
    expect(first.tools.map((t) => t.name)).toEqual(['calculator']);
    // Claude 5 takes no sampling setting: the agent's temperature is not sent (the API would refuse it). Its thinking is set explicitly.
    expect(first).toMatchObject({ model, thinking: { type: 'adaptive' } });
    expect(first).not.toHaveProperty('temperature');
    const followUp = (anthropic.requests[before + 1]!.body as Body).messages!;
    // The thinking block opening the tool turn goes back with its signature, as Anthropic requires while thinking.
    expect(followUp.at(-2)).toMatchObject({
      role: 'assistant',
      content: [{ type: 'thinking', signature: 'fake-signature' }, { type: 'tool_use', id: 'toolu_01calc', name: 'calculator', input: { input: '2+3*4' } }],
    });
    expect(followUp.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01calc' }] });
    expect(JSON.stringify(followUp.at(-1))).toContain('14');
    expect(finalOf(frames).responseMessage).toMatchObject({ text: '2+3*4 is 14.', plugins: [{ latest: 'calculator', loading: false, outputs: '14' }] });
  });

  it('a Claude model with budgeted thinking gets it enabled, no temperature, and its thinking back within the loop', async () => {
    anthropic.enqueue({ model: 'claude-sonnet-4-6', toolCalls: [{ id: 'toolu_01budget', ...calculate }] }, { model: 'claude-sonnet-4-6', chunks: ['14.'] });
    const before = anthropic.requests.length;
    const { frames } = await askPlugins({ model: 'claude-sonnet-4-6', temperature: 0.5 });
    expect(finalOf(frames).responseMessage.text).toBe('14.');
    const first = anthropic.requests[before]!.body as Body;
    expect(first).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2000 } });
    expect(first).not.toHaveProperty('temperature');
    const followUp = (anthropic.requests[before + 1]!.body as Body).messages!;
    expect(followUp.at(-2)!.content).toEqual([expect.objectContaining({ type: 'thinking', signature: 'fake-signature' }), expect.objectContaining({ type: 'tool_use' })]);
  });

  it('a Gemini 3 agent model keeps its recommended temperature 1.0 unless the user set one', async () => {
    const model = upstreamModel('google', 'chat-bison').id;
    google.enqueue({ model, chunks: ['Plain.'] }, { model, chunks: ['Set.'] });
    const before = google.requests.length;
    await askPlugins({ model: 'chat-bison' });
    await askPlugins({ model: 'chat-bison', temperature: 0.3 });
    const temperatures = google.requests.slice(before).map((r) => (r.body as { generationConfig?: { temperature?: number } }).generationConfig?.temperature);
    expect(temperatures).toEqual([1, 0.3]);
  });

  it('the classic agent sends no stop to an OpenAI reasoning model, which refuses it, and cuts at the Observation itself', async () => {
    const model = upstreamModel('gptPlugins', 'gpt-o3').id;
    s.upstream.enqueue(
      { model, chunks: ['Thought: compute\nAction: calculator\nAction Input: 2+3*4\nObservation: 99 (made up)'] },
      { model, chunks: ['Thought: done\nFinal Answer: 14'] },
    );
    const before = s.upstream.requests.length;
    const { frames } = await askPlugins({ agent: 'classic', model: 'gpt-o3' });
    expect(finalOf(frames).responseMessage).toMatchObject({ text: '14', plugins: [{ latest: 'calculator', outputs: '14' }] });
    for (const request of s.upstream.requests.slice(before, before + 2)) expect(request.body).not.toHaveProperty('stop');
  });

  it('the classic agent hands Claude its work so far as a user turn: Claude 5 refuses to continue an assistant turn', async () => {
    const model = upstreamModel('anthropic', 'claude-2').id;
    anthropic.enqueue({ model, chunks: ['Thought: compute\nAction: calculator\nAction Input: 2+3*4'] }, { model, chunks: ['Thought: done\nFinal Answer: 14'] });
    const before = anthropic.requests.length;
    const { frames } = await askPlugins({ agent: 'classic', model: 'claude-2' });
    expect(finalOf(frames).responseMessage.text).toBe('14');
    const second = (anthropic.requests[before + 1]!.body as Body).messages!;
    expect(second.at(-1)!.role).toBe('user');
    expect(JSON.stringify(second.at(-1))).toContain('Observation: 14');
  });

  it('a Gemini agent model calls tools with functionCall and gets the result back as a functionResponse, its thought signature kept', async () => {
    const model = upstreamModel('google', 'chat-bison').id;
    google.enqueue({ model, toolCalls: [calculate] }, { model, chunks: ['It is 14.'] });
    const before = google.requests.length;
    const { frames } = await askPlugins({ model: 'chat-bison' });
    expect(google.requests.length - before).toBe(2);
    expect(google.requests[before]!.path).toBe(`/v1beta/models/${model}:streamGenerateContent`);
    expect(JSON.stringify((google.requests[before]!.body as Body).tools)).toContain('"name":"calculator"');
    const followUp = (google.requests[before + 1]!.body as Body).contents!;
    expect(followUp.at(-2)).toMatchObject({ role: 'model', parts: [{ functionCall: { name: 'calculator', args: { input: '2+3*4' } } }] });
    expect(followUp.at(-1)!.parts[0]).toMatchObject({ functionResponse: { name: 'calculator' } });
    expect(JSON.stringify(followUp.at(-1))).toContain('14');
    expect(finalOf(frames).responseMessage).toMatchObject({ text: 'It is 14.', plugins: [{ latest: 'calculator', outputs: '14' }] });
  });

  it('a GPT-6 agent model gets no temperature, explicitly: nothing is sent and the SDK has nothing to warn about', async () => {
    const warnings: unknown[] = [];
    (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = (options: { warnings: unknown[] }) => warnings.push(...options.warnings);
    const model = upstreamModel('gptPlugins', 'gpt-4o').id;
    expect(model).toMatch(/^gpt-6/);
    s.upstream.enqueue({ model, toolCalls: [calculate] }, { model, chunks: ['14.'] });
    const before = s.upstream.requests.length;
    const { frames } = await askPlugins({ model: 'gpt-4o', temperature: 0.7 });
    expect(finalOf(frames).responseMessage.text).toBe('14.');
    for (const request of s.upstream.requests.slice(before, before + 2)) {
      expect(request.body).toMatchObject({ model });
      expect(request.body).not.toHaveProperty('temperature');
    }
    expect(warnings).toEqual([]);
  });
});

describe('POST /api/ask/gptPlugins with PLUGINS_USE_AZURE', () => {
  let s: ChatStack;
  let azure: FakeUpstream;
  beforeAll(async () => {
    azure = await startAzureOpenAIFake({ apiKey: 'azure-agent' });
    const key = { azureOpenAIApiInstanceName: 'parley-east', azureOpenAIApiVersion: '2024-10-21', azureOpenAIApiKey: 'azure-agent' };
    s = await startChatStack('pglite', { PLUGINS_USE_AZURE: 'true', AZURE_OPENAI_API_KEY: JSON.stringify(key), AZURE_OPENAI_BASE_URL: azure.url });
  });
  afterAll(async () => {
    await s.close();
    await azure.close();
  });

  it('runs the agent and its completion model on the Azure deployments, tool results going back as role tool', async () => {
    const alice = await s.t.signUp();
    expect((await s.post(alice, '/api/user/plugins', { pluginKey: 'calculator', action: 'install', auth: null })).status).toBe(200);
    // The Azure fake takes replies by deployment: the model's id without dots.
    const model = upstreamModel('azureOpenAI', 'gpt-4o').id.replace(/\./g, '');
    azure.enqueue({ model, toolCalls: [{ id: 'call_azure', ...calculate }] }, { model, chunks: ['Found 14.'] }, { model, chunks: ['It is ', '14.'] });
    const openAIBefore = s.upstream.requests.length;
    const before = azure.requests.length;
    const { frames } = await s.ask(
      alice,
      { endpoint: 'gptPlugins', model: 'gpt-4o', tools: calculator, text: 'what is 2+3*4', agentOptions: { agent: 'functions', skipCompletion: false, model: 'gpt-4o' } },
      '/api/ask/gptPlugins',
    );
    const deployment = `/openai/deployments/${model}/chat/completions`;
    expect(azure.requests.slice(before, before + 3).map((r) => r.path)).toEqual([deployment, deployment, deployment]);
    const followUp = (azure.requests[before + 1]!.body as Body).messages!;
    expect(followUp.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_azure', content: '14' });
    expect(finalOf(frames).responseMessage.text).toBe('It is 14.');
    // The title is written on the conversation's own deployment, not on a catalog model Azure may not have.
    await vi.waitFor(() => expect(azure.requests.length).toBeGreaterThan(before + 3));
    const title = azure.requests[before + 3]!;
    expect(title.path).toBe(deployment);
    expect(JSON.stringify(title.body)).toContain('Write a short title');
    expect(s.upstream.requests.length).toBe(openAIBefore);
  });
});
