import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../app/errors.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { registerUser } from '../auth/account-service.ts';
import { storeUserKey } from '../keys/user-key-store.ts';
import { outboundPolicy } from '../../net/outbound-url.ts';
import { resolveCredentials } from './credentials.ts';

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return (error as AppError).code;
  }
};

describe.each(testDatabaseKinds)('resolveCredentials on %s', (kind) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  const soon = (ms: number) => new Date(Date.now() + ms);
  const store = (userId: string, endpoint: 'openAI' | 'anthropic', value: string, expiresAt = soon(3_600_000)) =>
    storeUserKey(t.ctx.db, t.ctx.secrets.credsKey, { userId, endpoint, value, expiresAt });

  beforeAll(async () => {
    t = await createTestApp(kind, {
      OPENAI_API_KEY: 'user_provided',
      OPENAI_BASE_URL: 'http://proxy.local/v1',
      ANTHROPIC_API_KEY: 'user_provided',
      DEEPSEEK_API_KEY: 'sk-server',
      DEEPSEEK_BASE_URL: 'http://deepseek.local/v1',
      OPENAI_API: 'chat',
      GOOGLE_VERTEX_LOCATION: 'europe-west4',
    });
    const user = async (name: string) =>
      (await registerUser(t.ctx, { name, email: `${name}-${kind}@example.com`, password: 'correct horse', confirm_password: 'correct horse' })).id;
    [alice, bob] = [await user('alice'), await user('bobby')];
  });
  afterAll(() => t.close());

  it("routes through the channels when the endpoint has a server key (the key and base URL are its env channel's)", async () => {
    expect(await resolveCredentials(t.ctx, 'deepSeek', alice)).toEqual({
      apiKey: '',
      outbound: { hosts: [], allowAll: true },
      serviceAccountTokens: t.ctx.serviceAccountTokens,
      viaChannels: true,
      // The operator's API settings go with every credential.
      settings: { openAIApi: 'chat', vertexLocation: 'europe-west4', chatGPTBrowserTimeoutMs: 300_000 },
    });
    expect(t.ctx.channels.pick({ model: 'deepseek-chat', endpoint: 'deepSeek' })).toMatchObject({ channel: 'env-deepseek', apiKey: 'sk-server', baseURL: 'http://deepseek.local/v1' });
  });

  it('answers unknown_endpoint for an endpoint without any key', async () => {
    expect(await codeOf(resolveCredentials(t.ctx, 'google', alice))).toBe('unknown_endpoint');
  });

  it("uses the caller's own stored key on a user_provided endpoint, with the configured base URL", async () => {
    await store(alice, 'openAI', 'sk-alice');
    // A user's key is scoped to its owner and held to the outbound policy for addresses inside it.
    expect(await resolveCredentials(t.ctx, 'openAI', alice)).toEqual({
      apiKey: 'sk-alice',
      baseURL: 'http://proxy.local/v1',
      owner: alice,
      outbound: outboundPolicy(t.ctx.env),
      serviceAccountTokens: t.ctx.serviceAccountTokens,
      settings: { openAIApi: 'chat', vertexLocation: 'europe-west4', chatGPTBrowserTimeoutMs: 300_000 },
    });
    expect(outboundPolicy(t.ctx.env).allowAll).toBe(false);
  });

  it("never uses another user's key: without one of their own the caller gets no_user_key", async () => {
    expect(await codeOf(resolveCredentials(t.ctx, 'openAI', bob))).toBe('no_user_key');
  });

  it('lets gptPlugins run on the OpenAI key the user stored', async () => {
    expect((await resolveCredentials(t.ctx, 'gptPlugins', alice)).apiKey).toBe('sk-alice');
    expect(await codeOf(resolveCredentials(t.ctx, 'gptPlugins', bob))).toBe('no_user_key');
  });

  it('refuses an expired key with no_user_key', async () => {
    await store(bob, 'anthropic', 'sk-expiring', soon(150));
    expect((await resolveCredentials(t.ctx, 'anthropic', bob)).apiKey).toBe('sk-expiring');
    // Only the clock moves on (timers stay real for the database drivers).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 200 });
    try {
      expect(await codeOf(resolveCredentials(t.ctx, 'anthropic', bob))).toBe('no_user_key');
    } finally {
      vi.useRealTimers();
    }
  });
});
