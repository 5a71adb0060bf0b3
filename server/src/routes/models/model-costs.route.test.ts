import { modelCostsSchema, type ModelCosts } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintKey } from '../../test-support/access-keys.ts';
import { json, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

describe.each(testDatabaseKinds)('GET /api/models/costs (ACCESS_MODE=both) on %s', (kind) => {
  let s: ChatStack;
  const costs = async (headers: Record<string, string>) => modelCostsSchema.parse(await json<ModelCosts>(s.get({ headers }, '/api/models/costs')));

  beforeAll(async () => {
    s = await startChatStack(kind, {
      ACCESS_MODE: 'both',
      OPENAI_MODELS: 'gpt-4o-mini,gpt-4o,gpt-4,gpt-6.1-terra',
      QUOTA_COSTS: 'gpt-4=3',
      QUOTA_DEFAULT_COST: '2',
      GROK_API_KEY: 'xai-server',
      GROK_MODELS: 'grok-3,grok-3-reasoning',
    });
  });
  afterAll(() => s.close());

  it('prices every model a key holder is offered, as a call is charged: the spec table, QUOTA_COSTS, the dearest twin, else the default', async () => {
    const key = await mintKey(s.t.ctx.db, { quota: 50 });
    const answer = await costs(key.headers);
    // gpt-6.1-terra is what gpt-4o calls: asked for directly it costs as much.
    expect(answer.openAI).toEqual({ 'gpt-4o-mini': 1, 'gpt-4o': 10, 'gpt-4': 3, 'gpt-6.1-terra': 10 });
    // grok-3 has no cost of its own and calls grok-4.3, as grok-3-reasoning does: it pays that dearer twin's price.
    expect(answer.grok).toEqual({ 'grok-3': 10, 'grok-3-reasoning': 10 });
  });

  it('prices them for a visitor on the free allowance too, and within a key’s own model list', async () => {
    expect((await costs({})).openAI).toEqual({ 'gpt-4o-mini': 1, 'gpt-4o': 10, 'gpt-4': 3, 'gpt-6.1-terra': 10 });
    const narrow = await mintKey(s.t.ctx.db, { quota: 5, models: ['gpt-4o-mini'] });
    expect((await costs(narrow.headers)).openAI).toEqual({ 'gpt-4o-mini': 1 });
  });

  it('shows an account no prices: it does not pay per call', async () => {
    const account = await s.t.signUp();
    expect(await costs(account.headers)).toEqual({});
  });
});
