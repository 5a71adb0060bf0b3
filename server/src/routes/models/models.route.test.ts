import { startOpenAIFake, type FakeUpstream } from '@parley/testkit';
import { defaultModels, modelRetirementsSchema, modelsConfigSchema } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, listenTestApp, type ListeningApp } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

describe.each(testDatabaseKinds)('GET /api/models on %s', (kind) => {
  let upstream: FakeUpstream;
  let t: ListeningApp;
  let alice: Awaited<ReturnType<ListeningApp['signUp']>>;

  beforeAll(async () => {
    upstream = await startOpenAIFake({ models: ['gpt-4o', 'gpt-6-sol', 'dall-e-3'], shutdownDates: { 'gpt-6-sol': inTenDays } });
    t = await listenTestApp(kind, {
      OPENAI_API_KEY: 'sk-server',
      OPENAI_BASE_URL: `${upstream.url}/v1`,
      GROK_API_KEY: 'xai-server',
      GROK_MODELS: 'grok-3,grok-3-reasoning',
    });
    alice = await t.signUp();
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  it('answers each endpoint’s list: the catalog ids plus the live chat models, X_MODELS, or the catalog default', async () => {
    const models = await json<Record<string, string[]>>(fetch(`${t.url}/api/models`, { headers: alice.headers }));
    expect(modelsConfigSchema.parse(models)).toEqual(models);
    expect(models.openAI).toEqual([...defaultModels.openAI, 'gpt-6-sol']);
    expect(models.gptPlugins).toEqual(models.openAI);
    expect(models.grok).toEqual(['grok-3', 'grok-3-reasoning']);
    expect(models.anthropic).toContain('claude-2');
  });

  it('reuses the fetched list across requests', async () => {
    await fetch(`${t.url}/api/models`, { headers: alice.headers });
    expect(upstream.requests.filter((r) => r.path === '/v1/models')).toHaveLength(1);
  });

  it('names the listed models that shut down within 30 days, with their day, for the picker to mark', async () => {
    const retiring = await json<Record<string, Record<string, string>>>(fetch(`${t.url}/api/models/retiring`, { headers: alice.headers }));
    expect(modelRetirementsSchema.parse(retiring)).toEqual(retiring);
    expect(retiring).toEqual({ openAI: { 'gpt-6-sol': inTenDays }, gptPlugins: { 'gpt-6-sol': inTenDays } });
  });

  it('requires a signed-in user', async () => {
    expect((await fetch(`${t.url}/api/models`)).status).toBe(401);
    expect((await fetch(`${t.url}/api/models/retiring`)).status).toBe(401);
  });
});
