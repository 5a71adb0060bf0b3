import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT_PARENT_ID } from '@parley/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.ts';
import { createConversation } from '../../services/conversations/conversation-store.ts';
import { uploadFile } from '../../services/files/upload-file.ts';
import { upsertMessage } from '../../services/messages/message-store.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { authClient, refreshCookie, registration } from '../../test-support/auth-client.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

/** Every table holding a user's rows, by its user column. */
const ownedTables = {
  sessions: schema.sessions,
  conversations: schema.conversations,
  messages: schema.messages,
  presets: schema.presets,
  userKeys: schema.userKeys,
  files: schema.files,
  apiTokens: schema.apiTokens,
  shareLinks: schema.shareLinks,
  passwordResets: schema.passwordResets,
  pluginAuth: schema.pluginAuth,
} as const;

describe.each(testDatabaseKinds)('account settings on %s', (kind) => {
  let t: TestApp;
  let ip = 0;
  /** Each account signs up from its own address, so the sign-up limit never bites. */
  const signUp = async (email: string) => {
    const client = authClient(t.app, `203.0.113.${(ip += 1)}`);
    const res = await client.register(registration(email));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; user: { id: string } }>();
    return { client, token: body.token, userId: body.user.id, cookie: refreshCookie(res)!.value };
  };
  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object | undefined, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await createTestApp(kind, { ANTHROPIC_API_KEY: 'user_provided' });
  });
  afterAll(() => t.close());

  it('renames the account, within the name limits', async () => {
    const ada = await signUp('rename@example.com');
    expect((await call(ada.token, 'PATCH', '/api/user', { name: 'x' })).statusCode).toBe(400);
    const res = await call(ada.token, 'PATCH', '/api/user', { name: '  Countess Ada  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Countess Ada', email: 'rename@example.com' });
    expect((await ada.client.me(ada.token)).json()).toMatchObject({ name: 'Countess Ada' });
  });

  it('changes the password only with the current one, ends every other login and signs this one in afresh', async () => {
    const ada = await signUp('password@example.com');
    const other = await ada.client.login('password@example.com', 'analytical-engine');
    const otherToken = other.json<{ token: string }>().token;
    const otherCookie = refreshCookie(other)!.value;

    const wrong = await call(ada.token, 'POST', '/api/user/password', { currentPassword: 'not-it', password: 'difference-engine', confirm_password: 'difference-engine' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'wrong_password' });
    const mismatch = await call(ada.token, 'POST', '/api/user/password', { currentPassword: 'analytical-engine', password: 'difference-engine', confirm_password: 'other' });
    expect(mismatch.json()).toMatchObject({ data: { fields: { confirm_password: 'validation.confirm.mismatch' } } });

    const res = await call(ada.token, 'POST', '/api/user/password', { currentPassword: 'analytical-engine', password: 'difference-engine', confirm_password: 'difference-engine' });
    expect(res.statusCode).toBe(200);
    const fresh = res.json<{ token: string }>().token;
    expect(refreshCookie(res)?.value).toBeTruthy();
    expect((await ada.client.me(fresh)).statusCode).toBe(200);
    // The other device's access token and refresh cookie, and this device's old ones, are over.
    expect((await ada.client.me(otherToken)).statusCode).toBe(401);
    expect((await ada.client.me(ada.token)).statusCode).toBe(401);
    expect((await ada.client.refresh(otherCookie)).statusCode).toBe(401);
    expect((await ada.client.login('password@example.com', 'analytical-engine')).statusCode).toBe(401);
    expect((await ada.client.login('password@example.com', 'difference-engine')).statusCode).toBe(200);
  });

  it('limits wrong current passwords per account like logins', async () => {
    const ada = await signUp('guessing@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < t.ctx.env.LOGIN_ACCOUNT_MAX + 1; i++) {
      const res = await call(ada.token, 'POST', '/api/user/password', { currentPassword: `guess-${i}`, password: 'difference-engine', confirm_password: 'difference-engine' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 403)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('signs out everywhere: every access token and refresh cookie of the account ends, others’ stay', async () => {
    const ada = await signUp('everywhere@example.com');
    const bob = await signUp('bystander@example.com');
    const second = await ada.client.login('everywhere@example.com', 'analytical-engine');
    const res = await call(ada.token, 'POST', '/api/user/logout-everywhere');
    expect(res.statusCode).toBe(200);
    expect(refreshCookie(res)?.value).toBe('');
    expect((await ada.client.me(ada.token)).statusCode).toBe(401);
    expect((await ada.client.me(second.json<{ token: string }>().token)).statusCode).toBe(401);
    expect((await ada.client.refresh(ada.cookie)).statusCode).toBe(401);
    expect((await ada.client.refresh(refreshCookie(second)!.value)).statusCode).toBe(401);
    expect((await bob.client.me(bob.token)).statusCode).toBe(200);
    expect((await bob.client.refresh(bob.cookie)).statusCode).toBe(200);
  });

  it('deletes the account with all its data and stored files after the typed confirmation, and nothing of anyone else', async () => {
    const ada = await signUp('leaving@example.com');
    const bob = await signUp('staying@example.com');
    const seed = async (who: { token: string; userId: string }, tag: string) => {
      const base = { conversationId: `convo-${tag}-${kind}`, userId: who.userId, endpoint: 'openAI', model: 'gpt-4o' };
      await createConversation(t.ctx.db, { ...base, options: {} });
      await upsertMessage(t.ctx.db, { ...base, id: `msg-${tag}-${kind}`, parentMessageId: ROOT_PARENT_ID, sender: 'User', text: 'hi', isCreatedByUser: true });
      expect((await call(who.token, 'POST', '/api/presets', { presetId: `preset-${tag}-${kind}`, title: 'p', endpoint: 'openAI', model: 'gpt-4o' })).statusCode).toBe(200);
      const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
      expect((await call(who.token, 'PUT', '/api/keys', { name: 'anthropic', value: 'sk-ant-user-key', expiresAt })).statusCode).toBe(200);
      expect((await call(who.token, 'POST', '/api/user/tokens', { name: 'token' })).statusCode).toBe(201);
      expect((await call(who.token, 'POST', '/api/share', { conversationId: base.conversationId })).statusCode).toBe(200);
      const file = await uploadFile(t.ctx, { owner: who.userId, endpoint: 'openAI', fileName: 'notes.txt', data: Buffer.from(`notes of ${tag}`) });
      return path.join(t.ctx.env.DATA_DIR, 'files', who.userId, file.id);
    };
    const adaFile = await seed(ada, 'ada');
    const bobFile = await seed(bob, 'bob');
    expect(existsSync(adaFile)).toBe(true);

    const count = async (userId: string) => {
      const counts: Record<string, number> = {};
      for (const [name, table] of Object.entries(ownedTables)) counts[name] = (await t.ctx.db.select().from(table).where(eq(table.userId, userId))).length;
      return counts;
    };
    const bobBefore = await count(bob.userId);

    const mistyped = await call(ada.token, 'POST', '/api/user/delete', { confirm: 'staying@example.com', password: 'analytical-engine' });
    expect(mistyped.json()).toMatchObject({ error: 'validation', data: { fields: { confirm: 'validation.delete_confirm.mismatch' } } });
    expect((await call(ada.token, 'POST', '/api/user/delete', { confirm: 'leaving@example.com', password: 'wrong' })).statusCode).toBe(403);
    expect((await call(ada.token, 'POST', '/api/user/delete', { confirm: 'leaving@example.com' })).statusCode).toBe(403);
    expect(existsSync(adaFile)).toBe(true);

    const res = await call(ada.token, 'POST', '/api/user/delete', { confirm: ' LEAVING@example.com ', password: 'analytical-engine' });
    expect(res.statusCode).toBe(200);
    expect(refreshCookie(res)?.value).toBe('');
    expect(await t.ctx.db.select().from(schema.users).where(eq(schema.users.id, ada.userId))).toEqual([]);
    expect(Object.values(await count(ada.userId)).every((n) => n === 0)).toBe(true);
    expect(existsSync(adaFile)).toBe(false);
    expect((await ada.client.me(ada.token)).statusCode).toBe(401);
    expect((await ada.client.login('leaving@example.com', 'analytical-engine')).statusCode).toBe(401);

    expect(await count(bob.userId)).toEqual(bobBefore);
    expect([bobBefore.conversations, bobBefore.files, bobBefore.shareLinks, bobBefore.apiTokens]).toEqual([1, 1, 1, 1]);
    expect(existsSync(bobFile)).toBe(true);
  });
});
