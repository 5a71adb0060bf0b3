import { defaultModels } from '@parley/core';
import { startAnthropicFake, startDeepSeekFake, startGoogleFake, startOpenAIFake, type FakeUpstream } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testEnv } from '../../test-support/app.ts';
import { createModelLists } from './model-lists.ts';

describe('model lists', () => {
  let openai: FakeUpstream;
  let deepseek: FakeUpstream;
  let anthropic: FakeUpstream;
  let google: FakeUpstream;
  const modelCalls = (fake: FakeUpstream) => fake.requests.filter((r) => r.path.endsWith('/models')).length;
  const off = { OPENAI_FETCH_MODELS: 'false', ANTHROPIC_FETCH_MODELS: 'false', GOOGLE_FETCH_MODELS: 'false', DEEPSEEK_FETCH_MODELS: 'false', GROK_FETCH_MODELS: 'false' };

  beforeAll(async () => {
    openai = await startOpenAIFake({ apiKey: 'sk-server', models: ['gpt-6-luna', 'gpt-4.1', 'whisper-1', 'gpt-image-2.6-flare', 'text-embedding-3-small'] });
    deepseek = await startDeepSeekFake({ apiKey: 'sk-deep', models: ['deepseek-v4-flash', 'deepseek-v4-pro'] });
    anthropic = await startAnthropicFake({ apiKey: 'sk-ant', models: Array.from({ length: 130 }, (_, i) => `claude-test-${i}`) });
    google = await startGoogleFake({ apiKey: 'g-key', models: ['gemini-3.7-flash', 'gemini-embedding-001', 'gemini-3.5-flash-lite'] });
  });
  afterAll(async () => {
    await Promise.all([openai.close(), deepseek.close(), anthropic.close(), google.close()]);
  });

  it('serves the catalog defaults, overridden by X_MODELS, for every endpoint', async () => {
    const lists = await createModelLists(testEnv({ ANTHROPIC_MODELS: 'claude-2, claude-1 ,' })).all();
    expect(Object.keys(lists)).toEqual(['azureOpenAI', 'openAI', 'chatGPTBrowser', 'gptPlugins', 'bingAI', 'google', 'anthropic', 'deepSeek', 'grok']);
    expect(lists.anthropic).toEqual(['claude-2', 'claude-1']);
    expect(lists.openAI).toEqual(defaultModels.openAI);
    expect(lists.bingAI).toEqual(['BingAI', 'Sydney']);
  });

  it('makes no upstream call when X_FETCH_MODELS=false', async () => {
    await createModelLists(testEnv({ ...off, OPENAI_API_KEY: 'sk-server', OPENAI_BASE_URL: `${openai.url}/v1` })).all();
    expect(modelCalls(openai)).toBe(0);
  });

  it('adds the live chat models after the catalog ids by default, shares them with gptPlugins, and reuses them within the TTL', async () => {
    const env = testEnv({ OPENAI_API_KEY: 'sk-server', OPENAI_BASE_URL: `${openai.url}/v1` });
    const lists = createModelLists(env, { ttlMs: 60_000 });
    const [first, second] = await Promise.all([lists.all(), lists.all()]);
    expect(first.openAI).toEqual([...defaultModels.openAI, 'gpt-6-luna', 'gpt-4.1']);
    expect(first.gptPlugins).toEqual(first.openAI);
    expect(second.openAI).toEqual(first.openAI);
    await lists.all();
    expect(modelCalls(openai)).toBe(1);
    expect(openai.requests.at(-1)!.headers.authorization).toBe('Bearer sk-server');
  });

  it('pages through Anthropic /v1/models with its headers', async () => {
    const env = testEnv({ ANTHROPIC_API_KEY: 'sk-ant', ANTHROPIC_BASE_URL: `${anthropic.url}/v1` });
    const list = (await createModelLists(env).all()).anthropic;
    expect(list.slice(0, 5)).toEqual(defaultModels.anthropic);
    expect(list).toHaveLength(5 + 130);
    const calls = anthropic.requests.filter((r) => r.path === '/v1/models');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers).toMatchObject({ 'x-api-key': 'sk-ant', 'anthropic-version': '2023-06-01' });
    expect(calls[1]!.query.after_id).toBe('claude-test-99');
  });

  it('lists the Gemini models that generate content, and never asks with a service-account key', async () => {
    const env = testEnv({ GOOGLE_API_KEY: 'g-key', GOOGLE_BASE_URL: google.url });
    expect((await createModelLists(env).all()).google).toEqual([...defaultModels.google, 'gemini-3.7-flash', 'gemini-3.5-flash-lite']);
    expect(google.requests.at(-1)!.headers['x-goog-api-key']).toBe('g-key');
    const before = google.requests.length;
    const vertex = testEnv({ GOOGLE_API_KEY: '{"type":"service_account"}', GOOGLE_BASE_URL: google.url });
    expect((await createModelLists(vertex).all()).google).toEqual(defaultModels.google);
    expect(google.requests.length).toBe(before);
  });

  it('fetches again once the TTL has passed', async () => {
    const before = modelCalls(deepseek);
    const env = testEnv({ DEEPSEEK_API_KEY: 'sk-deep', DEEPSEEK_BASE_URL: deepseek.url });
    const lists = createModelLists(env, { ttlMs: 60_000 });
    expect((await lists.all()).deepSeek).toEqual(['deepseek-r1', 'deepseek-v4-flash', 'deepseek-v4-pro']);
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

  it('keeps the catalog list when the upstream refuses, and reports why', async () => {
    const errors: string[] = [];
    const env = testEnv({ OPENAI_API_KEY: 'sk-wrong', OPENAI_BASE_URL: `${openai.url}/v1` });
    const lists = createModelLists(env, { onFetchError: (endpoint, error) => errors.push(`${endpoint}: ${(error as Error).message}`) });
    expect((await lists.all()).openAI).toEqual(defaultModels.openAI);
    expect(errors).toEqual(['openAI: models list answered 401']);
  });

  it('lets X_MODELS win over fetching and never fetches with a user_provided key', async () => {
    const before = modelCalls(openai);
    const pinned = testEnv({ OPENAI_API_KEY: 'sk-server', OPENAI_BASE_URL: `${openai.url}/v1`, OPENAI_MODELS: 'gpt-4o-mini' });
    expect((await createModelLists(pinned).all()).openAI).toEqual(['gpt-4o-mini']);
    const userKeys = testEnv({ OPENAI_API_KEY: 'user_provided', OPENAI_BASE_URL: `${openai.url}/v1` });
    expect((await createModelLists(userKeys).all()).openAI).toEqual(defaultModels.openAI);
    expect(modelCalls(openai)).toBe(before);
  });

  it('hides a live-listed model once its shutdown day has passed, and reports one retiring within 30 days', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const shutdownDates = { 'gpt-7-gone': day(-1), 'gpt-7-soon': day(10), 'gpt-7-later': day(90) };
    const openaiDated = await startOpenAIFake({ apiKey: 'sk-dated', models: ['gpt-7-gone', 'gpt-7-soon', 'gpt-7-later'], shutdownDates });
    const claudeDated = await startAnthropicFake({ apiKey: 'sk-ant-dated', models: ['claude-7-gone', 'claude-7-soon'], shutdownDates: { 'claude-7-gone': day(0), 'claude-7-soon': day(3) } });
    try {
      const env = testEnv({ OPENAI_API_KEY: 'sk-dated', OPENAI_BASE_URL: `${openaiDated.url}/v1`, ANTHROPIC_API_KEY: 'sk-ant-dated', ANTHROPIC_BASE_URL: `${claudeDated.url}/v1` });
      const lists = createModelLists(env);
      const all = await lists.all();
      expect(all.openAI).toEqual([...defaultModels.openAI, 'gpt-7-soon', 'gpt-7-later']);
      expect(all.anthropic).toEqual([...defaultModels.anthropic, 'claude-7-soon']);
      expect(await lists.retiring('openAI')).toEqual({ 'gpt-7-soon': day(10) });
      expect(await lists.retiring('anthropic')).toEqual({ 'claude-7-soon': day(3) });
      // A list fetched while a model was still served drops it from its shutdown day on.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 86_400_000 });
      try {
        expect((await lists.listFor('openAI')).filter((id) => id.startsWith('gpt-7'))).toEqual(['gpt-7-later']);
      } finally {
        vi.useRealTimers();
      }
    } finally {
      await Promise.all([openaiDated.close(), claudeDated.close()]);
    }
  });

  it("marks a listed id whose upstream model retires within 30 days by the catalog's date", async () => {
    // gpt-3.5-turbo shut down on 2026-10-23: seen from 2026-10-10, it retires in 13 days.
    const lists = createModelLists(testEnv({ ...off, OPENAI_MODELS: 'legacy,gpt-4o', OPENAI_MODEL_ALIASES: 'legacy=gpt-3.5-turbo' }));
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-10-10T12:00:00Z') });
    try {
      expect(await lists.retiring('openAI')).toEqual({ legacy: '2026-10-23' });
    } finally {
      vi.useRealTimers();
    }
  });
});
