import { recentMessagesSchema, ROOT_PARENT_ID, type Message, type RecentMessages } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, listenTestApp, type ListeningApp } from '../../test-support/chat-stack.ts';
import { createConversation } from '../../services/conversations/conversation-store.ts';
import { findMessage, upsertMessage } from '../../services/messages/message-store.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

describe.each(testDatabaseKinds)('message routes on %s', (kind) => {
  let t: ListeningApp;
  let alice: Awaited<ReturnType<ListeningApp['signUp']>>;
  let bob: Awaited<ReturnType<ListeningApp['signUp']>>;
  const conversationId = `c-${kind}`;
  const api = (path: string, who: { headers: Record<string, string> }, init: RequestInit = {}) =>
    fetch(`${t.url}${path}`, { ...init, headers: who.headers });

  beforeAll(async () => {
    t = await listenTestApp(kind);
    [alice, bob] = [await t.signUp(), await t.signUp()];
    await createConversation(t.ctx.db, { conversationId, userId: alice.userId, endpoint: 'openAI', model: 'gpt-4o', options: {} });
    const base = { conversationId, userId: alice.userId, endpoint: 'openAI', model: 'gpt-4o' };
    await upsertMessage(t.ctx.db, { ...base, id: `u1-${kind}`, parentMessageId: ROOT_PARENT_ID, sender: 'User', text: 'hi', isCreatedByUser: true });
    await upsertMessage(t.ctx.db, { ...base, id: `a1-${kind}`, parentMessageId: `u1-${kind}`, sender: 'ChatGPT', text: 'hello!', isCreatedByUser: false, finishReason: 'stop' });
  });
  afterAll(() => t.close());

  it('lists a conversation’s messages oldest first in the API shape', async () => {
    const list = await json<Message[]>(api(`/api/messages/${conversationId}`, alice));
    expect(list.map((m) => m.messageId)).toEqual([`u1-${kind}`, `a1-${kind}`]);
    expect(list[1]).toMatchObject({ parentMessageId: `u1-${kind}`, sender: 'ChatGPT', finish_reason: 'stop', isCreatedByUser: false, unfinished: false });
    expect(list[1]).not.toHaveProperty('userId');
  });

  it('hides another user’s messages behind a 404', async () => {
    expect((await api(`/api/messages/${conversationId}`, bob)).status).toBe(404);
    expect((await api(`/api/messages/${conversationId}/recent`, bob)).status).toBe(404);
  });

  it('opens a long conversation with the end of its newest branch and each message’s siblings', async () => {
    const longId = `long-${kind}`;
    await createConversation(t.ctx.db, { conversationId: longId, userId: alice.userId, endpoint: 'openAI', model: 'gpt-4o', options: {} });
    const base = { conversationId: longId, userId: alice.userId, endpoint: 'openAI', model: 'gpt-4o', sender: 'User', isCreatedByUser: true };
    // q0 → q1 → … → q9, and a regenerated sibling q9b of q9 (the newest: it ends the shown branch).
    for (let i = 0; i < 10; i++) {
      await upsertMessage(t.ctx.db, { ...base, id: `q${i}-${kind}`, parentMessageId: i === 0 ? ROOT_PARENT_ID : `q${i - 1}-${kind}`, text: `m${i}` });
    }
    await upsertMessage(t.ctx.db, { ...base, id: `q9b-${kind}`, parentMessageId: `q8-${kind}`, text: 'm9b' });
    const recent = await json<RecentMessages>(api(`/api/messages/${longId}/recent?count=3`, alice));
    expect(recent.messages.map((m) => m.text)).toEqual(['m7', 'm8', 'm9', 'm9b']);
    expect(recent.complete).toBe(false);
    expect(recentMessagesSchema.parse(recent)).toEqual(recent);
    const whole = await json<RecentMessages>(api(`/api/messages/${longId}/recent?count=50`, alice));
    expect(whole).toMatchObject({ complete: true });
    expect(whole.messages).toEqual(await json<Message[]>(api(`/api/messages/${longId}`, alice)));
  });

  it('sends a conversation of several megabytes whole and in order, compressed or not', async () => {
    const bigId = `big-${kind}`;
    await createConversation(t.ctx.db, { conversationId: bigId, userId: alice.userId, endpoint: 'openAI', model: 'gpt-4o', options: {} });
    const base = { conversationId: bigId, userId: alice.userId, endpoint: 'openAI', model: 'gpt-4o', sender: 'User', isCreatedByUser: true };
    // 30 messages of 99,000 characters, "quoted" and on lines of their own: the JSON has to escape them.
    const text = (i: number) => `${i}: "${'x'.repeat(97_000)}"\n${'é'.repeat(1_990)}`;
    for (let i = 0; i < 30; i++) {
      await upsertMessage(t.ctx.db, { ...base, id: `b${i}-${kind}`, parentMessageId: i === 0 ? ROOT_PARENT_ID : `b${i - 1}-${kind}`, text: text(i) });
    }
    for (const encoding of ['identity', 'gzip']) {
      const response = await fetch(`${t.url}/api/messages/${bigId}`, { headers: { ...alice.headers, 'accept-encoding': encoding } });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const list = (await response.json()) as Message[];
      expect(list.map((m) => m.messageId)).toEqual(Array.from({ length: 30 }, (_, i) => `b${i}-${kind}`));
      expect(list.every((m, i) => m.text === text(i))).toBe(true);
    }
  });

  it('answers an empty array for a conversation without messages', async () => {
    const emptyId = `empty-${kind}`;
    await createConversation(t.ctx.db, { conversationId: emptyId, userId: alice.userId, endpoint: 'openAI', model: 'gpt-4o', options: {} });
    expect(await json<Message[]>(api(`/api/messages/${emptyId}`, alice))).toEqual([]);
  });

  it('refuses a count out of bounds', async () => {
    for (const count of ['0', '201', 'many']) expect((await api(`/api/messages/${conversationId}/recent?count=${count}`, alice)).status).toBe(400);
  });

  it('saves an edit in place and marks it edited', async () => {
    const res = await api(`/api/messages/${conversationId}/a1-${kind}`, alice, {
      method: 'PUT',
      body: JSON.stringify({ text: 'hello, edited', model: 'gpt-4' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ text: 'hello, edited', isEdited: true, model: 'gpt-4' });
    expect((await findMessage(t.ctx.db, alice.userId, `a1-${kind}`))?.text).toBe('hello, edited');
  });

  it('refuses an edit from another user, in another conversation, or without text', async () => {
    const put = (who: typeof alice, path: string, body: object) => api(path, who, { method: 'PUT', body: JSON.stringify(body) });
    expect((await put(bob, `/api/messages/${conversationId}/u1-${kind}`, { text: 'pwned' })).status).toBe(404);
    expect((await put(alice, `/api/messages/elsewhere/u1-${kind}`, { text: 'moved' })).status).toBe(404);
    expect((await put(alice, `/api/messages/${conversationId}/u1-${kind}`, {})).status).toBe(400);
    expect((await findMessage(t.ctx.db, alice.userId, `u1-${kind}`))?.text).toBe('hi');
  });
});
