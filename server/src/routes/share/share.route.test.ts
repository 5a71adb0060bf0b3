import { messageFileOf, ROOT_PARENT_ID, sharedConversationSchema, sharedFileUrl, type ShareLink } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversation } from '../../services/conversations/conversation-store.ts';
import { uploadFile } from '../../services/files/upload-file.ts';
import { upsertMessage } from '../../services/messages/message-store.ts';
import { listenTestApp, type ListeningApp } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { pictureBytes } from '../../test-support/file-fixtures.ts';

describe.each(testDatabaseKinds)('share links on %s', (kind) => {
  let t: ListeningApp;
  let alice: Awaited<ReturnType<ListeningApp['signUp']>>;
  let bob: Awaited<ReturnType<ListeningApp['signUp']>>;
  const conversationId = `shared-${kind}`;
  const call = (who: { token: string } | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object | undefined, headers: who ? { authorization: `Bearer ${who.token}` } : {} });

  beforeAll(async () => {
    t = await listenTestApp(kind);
    [alice, bob] = [await t.signUp(), await t.signUp()];
    const base = { conversationId, userId: alice.userId, endpoint: 'openAI', model: 'gpt-4o' };
    await createConversation(t.ctx.db, { ...base, title: 'Boiling eggs', options: {} });
    const message = (id: string, parentMessageId: string, text: string, isCreatedByUser: boolean) =>
      upsertMessage(t.ctx.db, { ...base, id: `${id}-${kind}`, parentMessageId, sender: isCreatedByUser ? 'Chat Tester' : 'ChatGPT', text, isCreatedByUser });
    await message('q1', ROOT_PARENT_ID, 'How long do eggs boil?', true);
    await message('a1', `q1-${kind}`, 'About nine minutes.', false);
    // An older branch the link must not show, then the branch shown by default.
    await message('q2-old', `a1-${kind}`, 'Old branch question', true);
    await message('q2', `a1-${kind}`, 'And soft ones?', true);
    await message('a2', `q2-${kind}`, 'Six minutes.', false);
  });
  afterAll(() => t.close());

  it('shares the latest branch read-only, readable without sign-in, with no account data and noindex', async () => {
    const created = await call(alice, 'POST', '/api/share', { conversationId });
    expect(created.statusCode).toBe(200);
    const link = created.json<ShareLink>();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Sharing the same branch again answers the same link.
    expect((await call(alice, 'POST', '/api/share', { conversationId })).json<ShareLink>().id).toBe(link.id);

    const page = await call(null, 'GET', `/api/share/public/${link.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toMatch(/noindex/);
    const shared = sharedConversationSchema.strict().parse(page.json());
    expect(shared.title).toBe('Boiling eggs');
    expect(shared.messages.map((m) => m.text)).toEqual(['How long do eggs boil?', 'About nine minutes.', 'And soft ones?', 'Six minutes.']);
    const me = (await call(alice, 'GET', '/api/user')).json<{ email: string; name: string }>();
    for (const leak of [alice.userId, me.email, me.name, conversationId, `q1-${kind}`, 'Old branch question']) expect(page.body).not.toContain(leak);
    expect(shared.messages[0]!.sender).toBe('User');

    const listed = (await call(alice, 'GET', '/api/share')).json<{ links: ShareLink[] }>().links;
    expect(listed.map((l) => [l.id, l.title])).toEqual([[link.id, 'Boiling eggs']]);
    expect((await call(bob, 'GET', '/api/share')).json<{ links: ShareLink[] }>().links).toEqual([]);
  });

  it('shares a named branch, and nobody shares, reads the list of or revokes another’s conversation', async () => {
    const older = (await call(alice, 'POST', '/api/share', { conversationId, messageId: `q2-old-${kind}` })).json<ShareLink>();
    const page = (await call(null, 'GET', `/api/share/public/${older.token}`)).json<{ messages: { text: string }[] }>();
    expect(page.messages.map((m) => m.text)).toEqual(['How long do eggs boil?', 'About nine minutes.', 'Old branch question']);

    expect((await call(bob, 'POST', '/api/share', { conversationId })).statusCode).toBe(404);
    expect((await call(bob, 'POST', '/api/share', { conversationId: `bobs-${kind}`, messageId: `q1-${kind}` })).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/api/share/${older.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/share/public/${older.token}`)).statusCode).toBe(200);
  });

  it('shows a shared message’s attachments and a reply’s pictures by their number in the share, never by a stored id, and not after a revoke', async () => {
    const base = { conversationId: `${conversationId}-files`, userId: alice.userId, endpoint: 'openAI', model: 'gpt-4o' };
    const photo = await uploadFile(t.ctx, { owner: alice.userId, endpoint: 'openAI', fileName: 'boiled egg.png', data: await pictureBytes(64, 48) });
    const drawn = await uploadFile(t.ctx, { owner: alice.userId, endpoint: 'openAI', fileName: 'drawn.png', data: await pictureBytes(32, 32) });
    // A picture of Bob's named in Alice's text is still not hers to share.
    const bobs = await uploadFile(t.ctx, { owner: bob.userId, endpoint: 'openAI', fileName: 'bob.png', data: await pictureBytes(16, 16) });
    await createConversation(t.ctx.db, { ...base, title: 'Egg pictures', options: {} });
    await upsertMessage(t.ctx.db, { ...base, id: `p1-${kind}`, parentMessageId: ROOT_PARENT_ID, sender: 'Chat Tester', text: 'Is this one done?', isCreatedByUser: true, files: [messageFileOf(photo)] });
    await upsertMessage(t.ctx.db, { ...base, id: `p2-${kind}`, parentMessageId: `p1-${kind}`, sender: 'ChatGPT', text: `Yes: ![egg](/api/files/${drawn.id}) and ![bob](/api/files/${bobs.id})`, isCreatedByUser: false });
    const link = (await call(alice, 'POST', '/api/share', { conversationId: base.conversationId })).json<ShareLink>();

    const page = await call(null, 'GET', `/api/share/public/${link.token}`);
    const shared = sharedConversationSchema.strict().parse(page.json());
    expect(shared.messages[0]!.files).toEqual([{ n: 1, filename: 'boiled egg.png', type: 'image/png', bytes: photo.bytes, width: 64, height: 48 }]);
    expect(shared.messages[1]!.text).toBe(`Yes: ![egg](${sharedFileUrl(link.token, 2)}) and ![bob](${sharedFileUrl(link.token, 3)})`);
    for (const id of [photo.id, drawn.id, bobs.id]) expect(page.body).not.toContain(id);

    const first = await call(null, 'GET', sharedFileUrl(link.token, 1));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['content-security-policy']).toContain('sandbox');
    expect((await call(null, 'GET', sharedFileUrl(link.token, 1, 'thumb'))).headers['content-type']).toBe('image/webp');
    expect((await call(null, 'GET', sharedFileUrl(link.token, 2))).statusCode).toBe(200);
    expect((await call(null, 'GET', sharedFileUrl(link.token, 3))).statusCode).toBe(404);
    expect((await call(null, 'GET', sharedFileUrl(link.token, 4))).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/share/public/${link.token}/files/0`)).statusCode).toBe(400);

    expect((await call(alice, 'DELETE', `/api/share/${link.id}`)).statusCode).toBe(200);
    expect((await call(null, 'GET', sharedFileUrl(link.token, 1))).statusCode).toBe(404);
  });

  it('answers 404 at once after a revoke, for a made-up token, and after the conversation is deleted', async () => {
    const link = (await call(alice, 'POST', '/api/share', { conversationId })).json<ShareLink>();
    expect((await call(alice, 'DELETE', `/api/share/${link.id}`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/share/public/${link.token}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/share/public/${'A'.repeat(22)}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/share/public/short')).statusCode).toBe(404);

    const again = (await call(alice, 'POST', '/api/share', { conversationId })).json<ShareLink>();
    expect((await call(alice, 'POST', '/api/convos/clear', { arg: { conversationId } })).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/share/public/${again.token}`)).statusCode).toBe(404);
    expect((await call(alice, 'GET', '/api/share')).json<{ links: ShareLink[] }>().links).toEqual([]);
  });

  it('limits how often one address reads shared pages', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 61; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/share/public/${'B'.repeat(22)}`, remoteAddress: '192.0.2.77' });
      statuses.add(res.statusCode);
    }
    expect([...statuses].sort()).toEqual([404, 429]);
  });
});
