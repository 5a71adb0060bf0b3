import type { ConversationPage } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversation } from '../../services/conversations/conversation-store.ts';
import { listenTestApp, type ListeningApp } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

describe.each(testDatabaseKinds)('archived conversations on %s', (kind) => {
  let t: ListeningApp;
  let alice: Awaited<ReturnType<ListeningApp['signUp']>>;
  let bob: Awaited<ReturnType<ListeningApp['signUp']>>;
  const call = (who: { token: string }, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object | undefined, headers: { authorization: `Bearer ${who.token}` } });
  const titles = async (who: { token: string }, url: string) => (await call(who, 'GET', url)).json<ConversationPage>().conversations.map((c) => c.title);

  beforeAll(async () => {
    t = await listenTestApp(kind);
    [alice, bob] = [await t.signUp(), await t.signUp()];
    for (const n of [1, 2, 3]) await createConversation(t.ctx.db, { conversationId: `c${n}-${kind}`, userId: alice.userId, endpoint: 'openAI', model: 'gpt-4o', options: {}, title: `Chat ${n}` });
  });
  afterAll(() => t.close());

  it('moves an archived conversation out of the list into the archive and back', async () => {
    expect((await call(alice, 'POST', '/api/convos/archive', { conversationId: `c2-${kind}`, archived: true })).statusCode).toBe(200);
    expect(await titles(alice, '/api/convos')).toEqual(['Chat 3', 'Chat 1']);
    expect(await titles(alice, '/api/convos/archived')).toEqual(['Chat 2']);
    // Still opened by its address.
    expect((await call(alice, 'GET', `/api/convos/c2-${kind}`)).statusCode).toBe(200);
    expect((await call(alice, 'POST', '/api/convos/archive', { conversationId: `c2-${kind}`, archived: false })).statusCode).toBe(200);
    expect(await titles(alice, '/api/convos')).toEqual(['Chat 3', 'Chat 2', 'Chat 1']);
    expect(await titles(alice, '/api/convos/archived')).toEqual([]);
  });

  it('refuses to archive another’s conversation, which stays as it was', async () => {
    expect((await call(bob, 'POST', '/api/convos/archive', { conversationId: `c1-${kind}`, archived: true })).statusCode).toBe(404);
    expect(await titles(alice, '/api/convos')).toContain('Chat 1');
    expect(await titles(bob, '/api/convos/archived')).toEqual([]);
  });
});
