import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys, conversations, messages } from '../../db/schema.ts';
import { ensureVisitorRow } from '../../services/access/visitor-store.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

describe.each(testDatabaseKinds)('entering a key on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ACCESS_MODE: 'keys' });
  });
  afterAll(() => t.close());

  /** A visitor with one conversation (and its message), and the signed cookie its browser holds. */
  async function visitorWithChat() {
    const visitorId = randomUUID();
    await ensureVisitorRow(t.ctx.db, visitorId);
    const conversationId = randomUUID();
    await t.ctx.db.insert(conversations).values({ id: conversationId, userId: visitorId, endpoint: 'openAI', model: 'gpt-4o' });
    await t.ctx.db.insert(messages).values({ id: randomUUID(), conversationId, userId: visitorId, parentMessageId: '00000000-0000-0000-0000-000000000000', text: 'free question', isCreatedByUser: true, sender: 'User', endpoint: 'openAI', model: 'gpt-4o' });
    const sig = createHmac('sha256', `visitor:${t.ctx.secrets.jwtSecret}`).update(visitorId).digest('base64url');
    return { visitorId, conversationId, cookies: { parley_visitor: `${visitorId}.${sig}` } };
  }
  const enter = (key: string, cookies?: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/access/enter-key', payload: { key }, cookies });

  it('refuses a mistyped or revoked key as unknown, names an expired one, and saves nothing of either', async () => {
    expect((await enter(`sk-${'Z'.repeat(48)}`)).json()).toEqual({ state: 'unknown', carried: 0, expiresAt: null });
    expect((await enter('sk-typo')).json()).toMatchObject({ state: 'unknown' });
    const revoked = await mintKey(t.ctx.db, { quota: 5 });
    await t.ctx.db.update(accessKeys).set({ status: 'revoked' }).where(eq(accessKeys.id, revoked.row.id));
    expect((await enter(revoked.key)).json()).toMatchObject({ state: 'unknown' });
    const expired = await mintKey(t.ctx.db, { quota: 5, days: 1 });
    const past = new Date(Date.now() - 1000);
    await t.ctx.db.update(accessKeys).set({ expiresAt: past }).where(eq(accessKeys.id, expired.row.id));
    const visitor = await visitorWithChat();
    expect((await enter(expired.key, visitor.cookies)).json()).toEqual({ state: 'expired', carried: 0, expiresAt: past.toISOString() });
    const [still] = await t.ctx.db.select().from(conversations).where(eq(conversations.id, visitor.conversationId));
    expect(still!.userId).toBe(visitor.visitorId);
  });

  it("moves that visitor's conversations to the key's owner once, also when entered twice at once, and no other visitor's", async () => {
    const key = await mintKey(t.ctx.db, { quota: 5 });
    const visitor = await visitorWithChat();
    const stranger = await visitorWithChat();
    // A key in the field with spaces and a line break, as pasted.
    const typed = ` ${key.key.slice(0, 10)}\n${key.key.slice(10)} `;
    const answers = await Promise.all([enter(typed, visitor.cookies), enter(key.key, visitor.cookies)]);
    expect(answers.map((a) => a.json<{ state: string }>().state)).toEqual(['active', 'active']);
    expect(answers.map((a) => a.json<{ carried: number }>().carried).sort()).toEqual([0, 1]);
    const [moved] = await t.ctx.db.select().from(conversations).where(eq(conversations.id, visitor.conversationId));
    expect(moved!.userId).toBe(key.row.userId);
    expect((await t.ctx.db.select().from(messages).where(eq(messages.conversationId, visitor.conversationId)))[0]!.userId).toBe(key.row.userId);
    const [left] = await t.ctx.db.select().from(conversations).where(eq(conversations.id, stranger.conversationId));
    expect(left!.userId).toBe(stranger.visitorId);
    // The key's owner now lists it.
    const list = await t.app.inject({ method: 'GET', url: '/api/convos', headers: { authorization: `Bearer ${key.key}` } });
    expect(JSON.stringify(list.json())).toContain(visitor.conversationId);
    // Without the visitor's cookie (or with a forged one) nothing moves.
    expect((await enter(key.key, { parley_visitor: `${stranger.visitorId}.forged` })).json()).toMatchObject({ state: 'active', carried: 0 });
  });
});
