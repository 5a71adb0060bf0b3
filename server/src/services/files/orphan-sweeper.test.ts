import { randomUUID } from 'node:crypto';
import { ROOT_PARENT_ID } from '@parley/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema.ts';
import { listenTestApp, type ListeningApp } from '../../test-support/chat-stack.ts';
import { createConversation } from '../conversations/conversation-store.ts';
import { upsertMessage } from '../messages/message-store.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { pictureBytes } from '../../test-support/file-fixtures.ts';
import { storageKey } from './file-storage.ts';
import { markFilesUsed } from './file-store.ts';
import { sweepOrphanFiles } from './orphan-sweeper.ts';
import { uploadFile } from './upload-file.ts';

describe.each(testDatabaseKinds)('orphan file sweep on %s', (kind) => {
  let t: ListeningApp;
  let alice: Awaited<ReturnType<ListeningApp['signUp']>>;

  const upload = async (name = 'photo.png') =>
    (await uploadFile(t.ctx, { owner: alice.userId, endpoint: 'openAI', fileName: name, data: await pictureBytes(16, 16) })).id;
  const conversationUsing = async (...fileIds: string[]) => {
    const base = { conversationId: randomUUID(), userId: alice.userId, endpoint: 'openAI', model: 'gpt-4o' };
    await createConversation(t.ctx.db, { ...base, options: {} });
    const attached = fileIds.map((id) => ({ file_id: id, filename: 'photo.png', type: 'image/png', bytes: 1 }));
    await upsertMessage(t.ctx.db, { ...base, id: randomUUID(), parentMessageId: ROOT_PARENT_ID, sender: 'User', text: 'look', isCreatedByUser: true, files: attached });
    await markFilesUsed(t.ctx.db, alice.userId, fileIds);
    return base.conversationId;
  };
  const remove = (conversationId: string) =>
    t.app.inject({ method: 'POST', url: '/api/convos/clear', headers: alice.headers, payload: { arg: { conversationId } } });
  const exists = async (id: string) => (await t.ctx.db.select().from(files).where(eq(files.id, id))).length === 1;

  beforeAll(async () => {
    t = await listenTestApp(kind);
    alice = await t.signUp();
  });
  afterAll(() => t.close());

  it('keeps a file while another conversation uses it, and deletes it with the last one', async () => {
    const shared = await upload();
    const [first, second] = [await conversationUsing(shared), await conversationUsing(shared)];
    expect((await remove(first)).statusCode).toBe(200);
    expect(await exists(shared)).toBe(true);
    expect(await t.ctx.files.get(storageKey(alice.userId, shared))).toBeDefined();

    expect((await remove(second)).statusCode).toBe(200);
    expect(await exists(shared)).toBe(false);
    expect(await t.ctx.files.get(storageKey(alice.userId, shared))).toBeUndefined();
    expect(await t.ctx.files.get(storageKey(alice.userId, shared, '.thumb'))).toBeUndefined();
  });

  it('keeps a fresh upload no message uses yet, and sweeps it once it is past the grace period', async () => {
    const pending = await upload();
    expect(await sweepOrphanFiles(t.ctx, alice.userId)).toBe(0);
    expect(await exists(pending)).toBe(true);

    await t.ctx.db.update(files).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(files.id, pending));
    expect(await sweepOrphanFiles(t.ctx)).toBe(1);
    expect(await exists(pending)).toBe(false);
  });

  it('never sweeps a file a message uses, however old', async () => {
    const used = await upload();
    await conversationUsing(used);
    await t.ctx.db.update(files).set({ createdAt: sql`now() - interval '30 days'` }).where(eq(files.id, used));
    await sweepOrphanFiles(t.ctx);
    expect(await exists(used)).toBe(true);
  });
});
