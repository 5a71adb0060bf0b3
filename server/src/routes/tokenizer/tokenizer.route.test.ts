import type { ApiErrorBody } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, listenTestApp, type ListeningApp } from '../../services/chat/chat-test-kit.ts';
import { testDatabaseKinds } from '../../test/databases.ts';

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
