import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningApp } from '../test-support/chat-stack.ts';
import { DEFAULT_BODY_LIMIT, LARGE_BODY_LIMIT } from './body-limits.ts';

/** A JSON body of about `bytes` bytes: one long string field. */
const jsonOf = (bytes: number, field = 'text') => JSON.stringify({ [field]: 'x'.repeat(bytes) });

describe('request body limits', () => {
  let t: ListeningApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await listenTestApp('pglite');
    headers = (await t.signUp()).headers;
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
