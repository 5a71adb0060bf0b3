import { randomBytes } from 'node:crypto';
import { parseChatErrorText } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, readSse, type ListeningApp } from '../test-support/chat-stack.ts';
import { testRedisUrl } from '../test-support/redis.ts';
import type { Limiter } from '../limiter/limiter.ts';
import { createMemoryLimiter } from '../limiter/memory-limiter.ts';
import { createRedisLimiter } from '../limiter/redis-limiter.ts';

type Backend = 'memory' | 'redis';
const limiterOf = (backend: Backend, prefix: string): Limiter =>
  backend === 'memory' ? createMemoryLimiter() : createRedisLimiter({ url: testRedisUrl, prefix });

/** Messages refused by validation (an empty body) still count: the limit runs before anything else. */
const ask = (t: ListeningApp, headers: Record<string, string>) => fetch(`${t.url}/api/ask/openAI`, { method: 'POST', headers, body: '{}' });

/** The chat error id of a refused message: the `text` of its one `event: error` frame. */
async function chatError(response: Response): Promise<string | undefined> {
  expect(response.status).toBe(200);
  const frames = await readSse(response);
  expect(frames.map((f) => f.event)).toEqual(['error']);
  return parseChatErrorText((frames[0]!.data as { text: string }).text)?.kind;
}

describe.each<Backend>(['memory', 'redis'])('per-user and per-IP limits with bans (%s limiter)', (backend) => {
  let t: ListeningApp;
  const prefix = `parley-test:${randomBytes(6).toString('hex')}:`;
  const env = { MESSAGE_USER_MAX: '2', MESSAGE_IP_MAX: '5', LOOKUP_MAX: '2', BAN_INTERVAL: '3', BAN_DURATION: '60000' };

  beforeAll(async () => {
    t = await listenTestApp('pglite', env, { limiter: limiterOf(backend, prefix) });
  });
  afterAll(() => t.close());

  it('refuses a user’s message past MESSAGE_USER_MAX with the message_limit chat error, then bans at the BAN_INTERVAL-th violation', async () => {
    const { headers } = await t.signUp();
    expect((await ask(t, headers)).status).toBe(400);
    expect((await ask(t, headers)).status).toBe(400);
    const limit = await ask(t, headers);
    expect(await chatError(limit)).toBe('message_limit');
    expect(await chatError(await ask(t, headers))).toBe('message_limit');
    // The third violation bans the user and the IP: this answer and every later one is `ban`.
    expect(await chatError(await ask(t, headers))).toBe('ban');
    expect(await chatError(await ask(t, headers))).toBe('ban');
    const tokenizer = await fetch(`${t.url}/api/tokenizer`, { method: 'POST', headers, body: JSON.stringify({ arg: 'hi' }) });
    expect(tokenizer.status).toBe(403);
    expect(((await tokenizer.json()) as { error: string }).error).toBe('banned');
    // Another account from the banned IP is refused as well.
    expect(await chatError(await ask(t, (await t.signUp()).headers))).toBe('ban');
  });

  it('an instance on the same Redis sees the ban; separate memory limiters do not', async () => {
    const other = await listenTestApp('pglite', env, { limiter: limiterOf(backend, prefix) });
    try {
      const answer = await fetch(`${other.url}/api/tokenizer`, { method: 'POST', headers: (await other.signUp()).headers, body: JSON.stringify({ arg: 'hi' }) });
      expect(answer.status).toBe(backend === 'redis' ? 403 : 200);
    } finally {
      await other.close();
    }
  });
});

describe('limits without bans', () => {
  let t: ListeningApp;
  beforeAll(async () => {
    t = await listenTestApp('pglite', { MESSAGE_USER_MAX: '100', MESSAGE_IP_MAX: '3', LOOKUP_MAX: '2', BAN_VIOLATIONS: 'false', BAN_INTERVAL: '1' });
  });
  afterAll(() => t.close());

  it('counts messages per IP across users', async () => {
    const users = [(await t.signUp()).headers, (await t.signUp()).headers];
    for (const headers of [...users, users[0]!]) expect((await ask(t, headers)).status).toBe(400);
    expect(await chatError(await ask(t, users[1]!))).toBe('message_limit');
  });

  it('answers 429 rate_limited with Retry-After past LOOKUP_MAX on search and tokenizer, never a ban when BAN_VIOLATIONS is false', async () => {
    const { headers } = await t.signUp();
    for (const path of ['/api/search?q=hello', '/api/search?q=hello', '/api/search?q=hello']) await fetch(`${t.url}${path}`, { headers });
    const search = await fetch(`${t.url}/api/search?q=hello`, { headers });
    expect(search.status).toBe(429);
    expect(((await search.json()) as { error: string }).error).toBe('rate_limited');
    expect(Number(search.headers.get('retry-after'))).toBeGreaterThan(0);
    const count = () => fetch(`${t.url}/api/tokenizer`, { method: 'POST', headers, body: JSON.stringify({ arg: 'hi' }) });
    expect((await count()).status).toBe(200);
    expect((await count()).status).toBe(200);
    expect((await count()).status).toBe(429);
    expect((await count()).status).toBe(429);
  });
});
