import type { ApiErrorBody } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalOf, json, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

describe.each(testDatabaseKinds)('asking with a user-provided key on %s', (kind) => {
  let s: ChatStack;
  let alice: Awaited<ReturnType<ChatStack['t']['signUp']>>;
  let bob: Awaited<ReturnType<ChatStack['t']['signUp']>>;

  beforeAll(async () => {
    s = await startChatStack(kind, { OPENAI_API_KEY: 'user_provided' });
    [alice, bob] = [await s.t.signUp(), await s.t.signUp()];
  });
  afterAll(() => s.close());

  const putKey = (who: typeof alice, value: string) =>
    fetch(`${s.t.url}/api/keys`, {
      method: 'PUT',
      headers: who.headers,
      body: JSON.stringify({ name: 'openAI', value, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
    });

  it('sends the caller’s stored key upstream, and each user’s own', async () => {
    expect((await putKey(alice, 'sk-alice-own')).status).toBe(200);
    expect((await putKey(bob, 'sk-bob-own')).status).toBe(200);
    const first = await s.ask(alice, { text: 'hello', parentMessageId: '00000000-0000-0000-0000-000000000000' });
    expect(finalOf(first.frames).responseMessage.text).toContain('hello');
    expect(s.upstream.requests.at(-1)!.headers.authorization).toBe('Bearer sk-alice-own');
    await s.ask(bob, { text: 'hi there', parentMessageId: '00000000-0000-0000-0000-000000000000' });
    expect(s.upstream.requests.at(-1)!.headers.authorization).toBe('Bearer sk-bob-own');
  });

  it('answers no_user_key once the key is revoked, before any upstream call', async () => {
    const calls = s.upstream.requests.length;
    await fetch(`${s.t.url}/api/keys/openAI`, { method: 'DELETE', headers: { authorization: alice.headers.authorization! } });
    const { response } = await s.ask(alice, { text: 'again', parentMessageId: '00000000-0000-0000-0000-000000000000' });
    expect(response.status).toBe(400);
    expect((await json<ApiErrorBody>(response)).error).toBe('no_user_key');
    expect(s.upstream.requests.length).toBe(calls);
  });
});
