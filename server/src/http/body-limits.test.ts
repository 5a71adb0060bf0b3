import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { registerUser } from '../services/auth/account-service.ts';
import { signAccessToken } from '../services/auth/access-token.ts';
import { DEFAULT_BODY_LIMIT, LARGE_BODY_LIMIT } from './body-limits.ts';

/** A JSON body of about `bytes` bytes: one long string field. */
const jsonOf = (bytes: number, field = 'text') => JSON.stringify({ [field]: 'x'.repeat(bytes) });

describe('request body limits', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const user = await registerUser(t.ctx.db, { name: 'Body', email: 'body@example.com', password: 'correct horse battery', confirm_password: 'correct horse battery' });
    headers = { authorization: `Bearer ${await signAccessToken(t.ctx.secrets.jwtSecret, { id: user.id, sessionVersion: user.sessionVersion })}`, 'content-type': 'application/json' };
  });
  afterAll(() => t.close());

  const routes: [string, string][] = [
    ['POST', '/api/auth/login'],
    ['POST', '/api/auth/register'],
    ['POST', '/api/tokenizer'],
    ['POST', '/api/convos/update'],
    ['PUT', '/api/keys'],
    ['PUT', '/api/messages/c/m'],
    ['POST', '/api/presets/delete'],
  ];

  it.each(routes)('%s %s refuses 2 MB of JSON with 413, never a 5xx', async (method, url) => {
    const res = await t.app.inject({ method: method as 'POST', url, headers, payload: jsonOf(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413 });
  });

  it('takes an ordinary route’s body just under 1 MiB to its validation', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/tokenizer', headers, payload: jsonOf(DEFAULT_BODY_LIMIT - 100, 'arg') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation' });
  });

  it.each([
    ['POST', '/api/ask/openAI'],
    ['POST', '/api/edit/openAI'],
    ['POST', '/api/presets'],
  ])('%s %s takes up to 4 MiB, then answers 413', async (method, url) => {
    const within = await t.app.inject({ method: method as 'POST', url, headers, payload: jsonOf(2 * 1024 * 1024) });
    expect(within.statusCode).toBe(400);
    const beyond = await t.app.inject({ method: method as 'POST', url, headers, payload: jsonOf(LARGE_BODY_LIMIT + 1) });
    expect(beyond.statusCode).toBe(413);
  });
});
