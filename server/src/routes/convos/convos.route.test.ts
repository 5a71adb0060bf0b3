import { CONVERSATION_PAGE_SIZE, ROOT_PARENT_ID, type ApiErrorBody, type Conversation, type ConversationPage } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, listenTestApp, type ListeningApp } from '../../test-support/chat-stack.ts';
import { createConversation, findConversation } from '../../services/conversations/conversation-store.ts';
import { upsertMessage } from '../../services/messages/message-store.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

describe.each(testDatabaseKinds)('conversation routes on %s', (kind) => {
  let t: ListeningApp;
  let alice: Awaited<ReturnType<ListeningApp['signUp']>>;
  let bob: Awaited<ReturnType<ListeningApp['signUp']>>;

  const seed = (userId: string, conversationId: string, title = 'New Chat') =>
    createConversation(t.ctx.db, { conversationId, userId, endpoint: 'openAI', model: 'gpt-4o', options: { temperature: 0.5 }, title });
  const api = (path: string, who: { headers: Record<string, string> }, init: RequestInit = {}) =>
    fetch(`${t.url}${path}`, { ...init, headers: who.headers });

  beforeAll(async () => {
    t = await listenTestApp(kind);
    [alice, bob] = [await t.signUp(), await t.signUp()];
    for (let i = 0; i < CONVERSATION_PAGE_SIZE + 5; i++) await seed(alice.userId, `a-${kind}-${i}`, `Alice ${i}`);
    await seed(bob.userId, `b-${kind}-0`, 'Bob secret');
  });
  afterAll(() => t.close());

  it('pages the caller’s conversations newest first, 25 per page, with options spread', async () => {
    const first = await json<ConversationPage>(api('/api/convos?pageNumber=1', alice));
    expect(first.pages).toBe(2);
    expect(first.pageNumber).toBe(1);
    expect(first.conversations).toHaveLength(CONVERSATION_PAGE_SIZE);
    expect(first.conversations[0]).toMatchObject({ title: 'Alice 29', endpoint: 'openAI', model: 'gpt-4o', temperature: 0.5, tools: [] });
    expect(first.conversations[0]).not.toHaveProperty('userId');
    const second = await json<ConversationPage>(api('/api/convos?pageNumber=2', alice));
    expect(second.conversations.map((c) => c.title)).toEqual(['Alice 4', 'Alice 3', 'Alice 2', 'Alice 1', 'Alice 0']);
    const third = await json<ConversationPage>(api('/api/convos?pageNumber=3', alice));
    expect(third.conversations).toEqual([]);
  });

  it('rejects a page number that is not a positive integer', async () => {
    const res = await api('/api/convos?pageNumber=0', alice);
    expect(res.status).toBe(400);
    expect((await json<ApiErrorBody>(res)).error).toBe('validation');
  });

  it('requires a signed-in user', async () => {
    const res = await fetch(`${t.url}/api/convos`);
    expect(res.status).toBe(401);
  });

  it('shows one conversation only to its owner', async () => {
    const own = await api(`/api/convos/b-${kind}-0`, bob);
    expect(own.status).toBe(200);
    expect((await json<Conversation>(own)).title).toBe('Bob secret');
    const other = await api(`/api/convos/b-${kind}-0`, alice);
    expect(other.status).toBe(404);
    expect(JSON.stringify(await other.json())).not.toContain('Bob secret');
  });

  it('renames the caller’s conversation and refuses another user’s or a blank title', async () => {
    const body = (conversationId: string, title: string) => JSON.stringify({ arg: { conversationId, title } });
    const renamed = await api('/api/convos/update', alice, { method: 'POST', body: body(`a-${kind}-3`, '  Trip plans ') });
    expect(renamed.status).toBe(200);
    expect((await json<Conversation>(renamed)).title).toBe('Trip plans');
    expect((await findConversation(t.ctx.db, alice.userId, `a-${kind}-3`))?.title).toBe('Trip plans');
    expect((await api('/api/convos/update', alice, { method: 'POST', body: body(`b-${kind}-0`, 'Hijacked') })).status).toBe(404);
    expect((await findConversation(t.ctx.db, bob.userId, `b-${kind}-0`))?.title).toBe('Bob secret');
    const blank = await api('/api/convos/update', alice, { method: 'POST', body: body(`a-${kind}-3`, '   ') });
    expect(blank.status).toBe(400);
  });

  it('clears one conversation with its messages, never another user’s', async () => {
    await upsertMessage(t.ctx.db, {
      id: `m-${kind}`,
      conversationId: `a-${kind}-1`,
      userId: alice.userId,
      parentMessageId: ROOT_PARENT_ID,
      sender: 'User',
      text: 'hello',
      isCreatedByUser: true,
    });
    const post = (who: typeof alice, arg: object) => api('/api/convos/clear', who, { method: 'POST', body: JSON.stringify({ arg }) });
    expect((await post(alice, { conversationId: `b-${kind}-0`, source: 'button' })).status).toBe(404);
    const one = await post(alice, { conversationId: `a-${kind}-1`, source: 'button' });
    expect(await one.json()).toEqual({ deletedCount: 1 });
    expect((await api(`/api/messages/a-${kind}-1`, alice)).status).toBe(404);
    expect((await json<{ deletedCount: number }>(post(alice, {}))).deletedCount).toBe(CONVERSATION_PAGE_SIZE + 4);
    expect((await json<ConversationPage>(api('/api/convos', alice))).conversations).toEqual([]);
    expect((await json<ConversationPage>(api('/api/convos', bob))).conversations).toHaveLength(1);
  });

  it('rejects a clear without an arg object', async () => {
    expect((await api('/api/convos/clear', alice, { method: 'POST', body: '{}' })).status).toBe(400);
  });
});
