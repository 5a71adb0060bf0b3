import { eq } from 'drizzle-orm';
import { upstreamModel, type CreatedEvent, type Message, type PluginInfo } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys, usageLedger } from '../../db/schema.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { deltasOf, finalOf, json, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

const calculate = (input: string) => ({ name: 'calculator', arguments: JSON.stringify({ input }) });

/** With access keys, every model call of an agent run is held and charged, not only the ask. */
describe.each(testDatabaseKinds)('plugin agent quota per model call (ACCESS_MODE=keys) on %s', (kind) => {
  let s: ChatStack;
  const model = upstreamModel('gptPlugins', 'gpt-4o').id;
  const quotaOf = async (keyId: string) => (await s.t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, keyId)))[0]!;
  const ledgerOf = (keyId: string) => s.t.ctx.db.select().from(usageLedger).where(eq(usageLedger.accessKeyId, keyId));
  const withCalculator = async (quota: number) => {
    const who = await mintKey(s.t.ctx.db, { quota });
    expect((await s.post(who, '/api/user/plugins', { pluginKey: 'calculator', action: 'install', auth: null })).status).toBe(200);
    return who;
  };
  const askAgent = (who: { headers: Record<string, string> }, text: string) =>
    s.ask(who, { endpoint: 'gptPlugins', model: 'gpt-4o', tools: [{ pluginKey: 'calculator' }], text, agentOptions: { agent: 'functions', skipCompletion: true, model: 'gpt-4o' } }, '/api/ask/gptPlugins');

  beforeAll(async () => {
    s = await startChatStack(kind, { ACCESS_MODE: 'keys' });
  });
  afterAll(() => s.close());

  it('a three-step agent run costs three calls of the model', async () => {
    const alice = await withCalculator(100);
    s.upstream.enqueue({ model, toolCalls: [calculate('2+3')] }, { model, toolCalls: [calculate('5*4')] }, { model, chunks: ['It is 20.'] });
    const { frames } = await askAgent(alice, '(2+3)*4?');
    expect(finalOf(frames).responseMessage.text).toBe('It is 20.');
    // gpt-4o costs 10 a call.
    expect(await quotaOf(alice.row.id)).toMatchObject({ quota: 70, used: 30 });
    const ledger = await ledgerOf(alice.row.id);
    expect(ledger.filter((r) => r.kind === 'hold')).toHaveLength(3);
    expect(ledger.filter((r) => r.kind === 'charge').map((r) => r.amount)).toEqual([10, 10, 10]);
  });

  it("prices each agent call by the model it calls: a gpt-4o-mini conversation's two gpt-4o steps cost 20, its completion 1", async () => {
    const carol = await withCalculator(100);
    const mini = upstreamModel('gptPlugins', 'gpt-4o-mini').id;
    s.upstream.enqueue({ model, toolCalls: [calculate('6*7')] }, { model, chunks: ['The product is 42.'] }, { model: mini, chunks: ['It is 42.'] });
    const before = s.upstream.requests.length;
    const { frames } = await s.ask(
      carol,
      { endpoint: 'gptPlugins', model: 'gpt-4o-mini', tools: [{ pluginKey: 'calculator' }], text: 'six times seven?', agentOptions: { agent: 'functions', skipCompletion: false, model: 'gpt-4o' } },
      '/api/ask/gptPlugins',
    );
    expect(finalOf(frames).responseMessage.text).toBe('It is 42.');
    expect(s.upstream.requests.slice(before, before + 3).map((r) => (r.body as { model: string }).model)).toEqual([model, model, mini]);
    expect(await quotaOf(carol.row.id)).toMatchObject({ quota: 79, used: 21 });
    const ledger = await ledgerOf(carol.row.id);
    const charged = ledger.filter((r) => r.kind === 'charge').map((r) => `${r.model}:${r.amount}`);
    expect(charged.sort()).toEqual(['gpt-4o-mini:1', 'gpt-4o:10', 'gpt-4o:10']);
    // The ask's own hold (the conversation's model) gave way to the first step's model, refunded once.
    expect(ledger.filter((r) => r.kind === 'refund').map((r) => `${r.model}:${r.amount}`)).toEqual(['gpt-4o-mini:1']);
  });

  it('running out mid-loop stops with insufficient_quota and keeps the steps already shown', async () => {
    const bob = await withCalculator(15);
    s.upstream.enqueue({ model, toolCalls: [calculate('2+3*4')] }, { model, chunks: ['never asked for'] });
    const before = s.upstream.requests.length;
    const { frames } = await askAgent(bob, 'what is 2+3*4');
    // The second step was never sent upstream.
    expect(s.upstream.requests.slice(before).filter((r) => JSON.stringify(r.body).includes('what is 2+3*4') && (r.body as { tools?: unknown }).tools)).toHaveLength(1);
    expect(deltasOf(frames).some((d) => d.plugins?.[0]?.outputs === '14')).toBe(true);
    const reply = finalOf(frames).responseMessage;
    expect(reply.plugins).toMatchObject([{ latest: 'calculator', loading: false, outputs: '14' }]);
    expect(JSON.parse(reply.errorText!)).toMatchObject({ type: 'insufficient_quota', cost: 10, remaining: 5 });
    expect(await quotaOf(bob.row.id)).toMatchObject({ quota: 5, used: 10 });

    const { conversationId } = frames[0]!.data as CreatedEvent;
    const stored = (await json<Message[]>(s.get(bob, `/api/messages/${conversationId}`))).at(-1)!;
    expect((stored.plugins as PluginInfo[])[0]).toMatchObject({ latest: 'calculator', outputs: '14' });
  });
});
