import { defaultModels } from '@parley/core';
import { startDeepSeekFake, startOpenAIFake, type FakeUpstream } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testEnv } from '../../test/app.ts';
import { createModelLists } from './model-lists.ts';

describe('model lists', () => {
  let openai: FakeUpstream;
  let deepseek: FakeUpstream;
  const modelCalls = (fake: FakeUpstream) => fake.requests.filter((r) => r.path.endsWith('/models')).length;

  beforeAll(async () => {
    openai = await startOpenAIFake({ apiKey: 'sk-server', models: ['gpt-4o', 'o3-mini', 'gpt-4.1'] });
    deepseek = await startDeepSeekFake({ apiKey: 'sk-deep', models: ['deepseek-chat', 'deepseek-reasoner'] });
  });
  afterAll(async () => {
    await openai.close();
    await deepseek.close();
  });

  it('serves the registry defaults, overridden by X_MODELS, for every endpoint', async () => {
    const lists = await createModelLists(testEnv({ ANTHROPIC_MODELS: 'claude-2, claude-1 ,' })).all();
    expect(Object.keys(lists)).toEqual(['azureOpenAI', 'openAI', 'chatGPTBrowser', 'gptPlugins', 'bingAI', 'google', 'anthropic', 'deepSeek', 'grok']);
    expect(lists.anthropic).toEqual(['claude-2', 'claude-1']);
    expect(lists.openAI).toEqual(defaultModels.openAI);
    expect(lists.bingAI).toEqual(['BingAI', 'Sydney']);
  });

  it('makes no upstream call unless X_FETCH_MODELS is on', async () => {
    await createModelLists(testEnv({ OPENAI_API_KEY: 'sk-server', OPENAI_BASE_URL: `${openai.url}/v1` })).all();
    expect(modelCalls(openai)).toBe(0);
  });

  it('fetches the live list once, shares it with gptPlugins, and reuses it within the TTL', async () => {
    const env = testEnv({ OPENAI_API_KEY: 'sk-server', OPENAI_BASE_URL: `${openai.url}/v1`, OPENAI_FETCH_MODELS: 'true' });
    const lists = createModelLists(env, { ttlMs: 60_000 });
    const [first, second] = await Promise.all([lists.all(), lists.all()]);
    expect(first.openAI).toEqual(['gpt-4o', 'o3-mini', 'gpt-4.1']);
    expect(first.gptPlugins).toEqual(['gpt-4o', 'o3-mini', 'gpt-4.1']);
    expect(second.openAI).toEqual(first.openAI);
    await lists.all();
    expect(modelCalls(openai)).toBe(1);
    expect(openai.requests.at(-1)!.headers.authorization).toBe('Bearer sk-server');
  });

  it('fetches again once the TTL has passed', async () => {
    const before = modelCalls(deepseek);
    const env = testEnv({ DEEPSEEK_API_KEY: 'sk-deep', DEEPSEEK_BASE_URL: deepseek.url, DEEPSEEK_FETCH_MODELS: 'true' });
    const lists = createModelLists(env, { ttlMs: 60_000 });
    expect((await lists.all()).deepSeek).toEqual(['deepseek-chat', 'deepseek-reasoner']);
    await lists.all();
    expect(modelCalls(deepseek) - before).toBe(1);
    // Only the clock moves past the TTL (timers stay real for the HTTP fetch).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_001 });
    try {
      await lists.all();
    } finally {
      vi.useRealTimers();
    }
    expect(modelCalls(deepseek) - before).toBe(2);
  });

  it('falls back to the configured list when the upstream refuses, and reports why', async () => {
    const errors: string[] = [];
    const env = testEnv({ OPENAI_API_KEY: 'sk-wrong', OPENAI_BASE_URL: `${openai.url}/v1`, OPENAI_FETCH_MODELS: 'true' });
    const lists = createModelLists(env, { onFetchError: (endpoint, error) => errors.push(`${endpoint}: ${(error as Error).message}`) });
    expect((await lists.all()).openAI).toEqual(defaultModels.openAI);
    expect(errors).toEqual(['openAI: models list answered 401']);
  });

  it('lets X_MODELS win over fetching and never fetches with a user_provided key', async () => {
    const before = modelCalls(openai);
    const pinned = testEnv({ OPENAI_API_KEY: 'sk-server', OPENAI_BASE_URL: `${openai.url}/v1`, OPENAI_FETCH_MODELS: 'true', OPENAI_MODELS: 'gpt-4o-mini' });
    expect((await createModelLists(pinned).all()).openAI).toEqual(['gpt-4o-mini']);
    const userKeys = testEnv({ OPENAI_API_KEY: 'user_provided', OPENAI_BASE_URL: `${openai.url}/v1`, OPENAI_FETCH_MODELS: 'true' });
    expect((await createModelLists(userKeys).all()).openAI).toEqual(defaultModels.openAI);
    expect(modelCalls(openai)).toBe(before);
  });
});
