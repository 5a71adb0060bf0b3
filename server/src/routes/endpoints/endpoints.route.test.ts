import { endpointsConfigSchema } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, listenTestApp, type ListeningApp } from '../../test-support/chat-stack.ts';
import { keysWithoutProvider } from '../../presenters/present-endpoints-config.ts';
import { testEnv } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

describe.each(testDatabaseKinds)('GET /api/endpoints on %s', (kind) => {
  let t: ListeningApp;
  let alice: Awaited<ReturnType<ListeningApp['signUp']>>;

  beforeAll(async () => {
    t = await listenTestApp(kind, {
      OPENAI_API_KEY: 'sk-server',
      AZURE_OPENAI_API_KEY: 'user_provided',
      ANTHROPIC_API_KEY: 'user_provided',
      GROK_API_KEY: 'xai-server',
      BINGAI_API_KEY: 'bing-cookie',
    });
    alice = await t.signUp();
  });
  afterAll(() => t.close());

  it('lists every endpoint in menu order, an entry when its key is set and a provider can chat with it, false otherwise', async () => {
    const config = await json<Record<string, unknown>>(fetch(`${t.url}/api/endpoints`, { headers: alice.headers }));
    expect(Object.keys(config)).toEqual(['azureOpenAI', 'openAI', 'chatGPTBrowser', 'gptPlugins', 'bingAI', 'google', 'anthropic', 'deepSeek', 'grok']);
    expect(config).toEqual({
      azureOpenAI: { order: 0, userProvide: true },
      openAI: { order: 1, userProvide: false },
      chatGPTBrowser: false,
      gptPlugins: { order: 3, userProvide: false, plugins: expect.objectContaining({ calculator: 'Calculator', google: 'Google' }), availableAgents: ['functions', 'classic'] },
      bingAI: { order: 4, userProvide: false },
      google: false,
      anthropic: { order: 6, userProvide: true },
      deepSeek: false,
      grok: { order: 8, userProvide: false },
    });
    // The web parses this answer with core's schema: it must describe every field sent.
    expect(endpointsConfigSchema.parse(config)).toEqual(config);
  });

  it('names each key set for an endpoint without a provider, once', () => {
    // Bing and ChatGPT in the browser have providers now: their keys are no longer named.
    const chatGPTBrowser = { CHATGPT_BROWSER_API_KEY: 'user_provided', CHATGPT_BROWSER_BASE_URL: 'http://127.0.0.1:9' };
    expect(keysWithoutProvider(testEnv({ BINGAI_API_KEY: 'x', ...chatGPTBrowser, OPENAI_API_KEY: 'sk' }))).toEqual([]);
    expect(keysWithoutProvider(testEnv({ OPENAI_API_KEY: 'sk' }))).toEqual([]);
  });

  it('requires a signed-in user', async () => {
    expect((await fetch(`${t.url}/api/endpoints`)).status).toBe(401);
  });
});
