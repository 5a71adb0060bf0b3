import { startOpenAIFake, type FakeUpstream } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authClient, refreshCookie, registration } from '../../test-support/auth-client.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { bufferLogger } from '../../test-support/buffer-logger.ts';

describe('failure logging without secrets', () => {
  let fake: FakeUpstream;
  let t: TestApp;
  const logs = bufferLogger();

  beforeAll(async () => {
    fake = await startOpenAIFake({ apiKey: 'sk-the-only-key-the-fake-takes' });
    t = await createTestApp('pglite', { OPENAI_API_KEY: 'user_provided', OPENAI_BASE_URL: `${fake.url}/v1` }, { log: logs.log as never });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('logs one structured line for a failed chat, and no password, key, token, cookie or secret anywhere', async () => {
    const client = authClient(t.app);
    const password = 'correct-horse-battery-staple-9';
    const email = 'logged@example.com';
    expect((await client.register(registration(email, { password, confirm_password: password }))).statusCode).toBe(200);
    const login = await client.login(email, password);
    expect(login.statusCode).toBe(200);
    const accessToken = (login.json() as { token: string }).token;
    const cookie = refreshCookie(login)!.value;
    expect((await client.refresh(cookie)).statusCode).toBe(200);

    const userKey = 'sk-user-secret-0123456789abcdefghij';
    const auth = { authorization: `Bearer ${accessToken}` };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/keys',
      headers: auth,
      payload: { name: 'openAI', value: userKey, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(saved.statusCode).toBe(200);

    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/ask/openAI',
      headers: auth,
      payload: { text: 'Hello', endpoint: 'openAI', model: 'gpt-4o-mini', parentMessageId: '00000000-0000-0000-0000-000000000000' },
    });
    expect(ask.body).toContain('event: error');

    const output = logs.lines.join('');
    const failure = logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'chat exchange failed');
    expect(failure).toMatchObject({
      level: 40,
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      code: 'invalid_api_key',
      upstreamStatus: 401,
      upstreamMessage: expect.stringContaining('Incorrect API key provided'),
      userId: expect.any(String),
      reqId: ask.headers['request-id'] ?? expect.any(String),
    });
    // The request that started the exchange is the one the line names.
    expect(output).toContain(`"reqId":"${failure!.reqId as string}","req":{"method":"POST","url":"/api/ask/openAI"`);

    const secrets = [password, userKey, accessToken, cookie, t.ctx.secrets.jwtSecret, t.ctx.secrets.jwtRefreshSecret, t.ctx.secrets.credsKey];
    for (const secret of secrets) expect(output.includes(secret), `a secret (${secret.slice(0, 6)}…) was logged`).toBe(false);
    expect(output).not.toMatch(/authorization|cookie"/i);
  });
});
