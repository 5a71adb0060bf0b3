import type { ApiErrorBody } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, listenTestApp, type ListeningApp } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

describe.each(testDatabaseKinds)('POST /api/tokenizer on %s', (kind) => {
  let t: ListeningApp;
  let alice: Awaited<ReturnType<ListeningApp['signUp']>>;
  const post = (body: unknown, headers = alice.headers) => fetch(`${t.url}/api/tokenizer`, { method: 'POST', headers, body: JSON.stringify(body) });

  beforeAll(async () => {
    t = await listenTestApp(kind);
    alice = await t.signUp();
  });
  afterAll(() => t.close());

  it('answers the cl100k_base token count of arg', async () => {
    expect(await json(post({ arg: 'tiktoken is great!' }))).toEqual({ count: 6 });
    expect(await json(post({ arg: '' }))).toEqual({ count: 0 });
  });

  it('counts the longest allowed text, 200,000 CJK characters without a space, as tiktoken would', async () => {
    const cjk = '今天天气很好我们去公园散步吧'.repeat(200_000 / 14 + 1).slice(0, 200_000);
    const { count } = await json<{ count: number }>(post({ arg: cjk }));
    // Every CJK character is one to three tokens under cl100k_base, and this repeating text is exact:
    // 14 characters repeat, so the count is that of one period times the periods, give or take the edges.
    expect(count).toBeGreaterThanOrEqual(200_000);
    expect(count).toBeLessThanOrEqual(600_000);
    const period = await json<{ count: number }>(post({ arg: cjk.slice(0, 14 * 100) }));
    expect(Math.abs(count - period.count * (200_000 / 1400))).toBeLessThan(period.count * 0.02);
  });

  it('refuses a missing or oversized arg', async () => {
    for (const body of [{}, { arg: 42 }, { arg: 'x'.repeat(200_001) }]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect((await json<ApiErrorBody>(res)).error).toBe('validation');
    }
  });

  it('requires a signed-in user', async () => {
    expect((await post({ arg: 'hi' }, { 'content-type': 'application/json' })).status).toBe(401);
  });
});
