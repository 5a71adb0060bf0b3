import type { ApiErrorBody, UploadedFile } from '@parley/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { finalOf, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { multipartBody } from '../../test-support/multipart.ts';

type Who = { headers: Record<string, string> };

describe.each(testDatabaseKinds)('files in keys mode (ACCESS_MODE=keys) on %s', (kind) => {
  let s: ChatStack;
  const visitor: Who = { headers: { 'content-type': 'application/json' } };

  const upload = async (who: Who, name: string, data: string) => {
    const form = multipartBody({ endpoint: 'openAI', model: 'gpt-4o' }, { name, data });
    const { authorization } = who.headers;
    const res = await fetch(`${s.t.url}/api/ask/files/upload`, {
      method: 'POST',
      headers: { 'content-type': form.contentType, ...(authorization ? { authorization } : {}) },
      body: new Uint8Array(form.body),
    });
    return { status: res.status, body: (await res.json()) as UploadedFile & ApiErrorBody };
  };

  beforeAll(async () => {
    s = await startChatStack(kind, { ACCESS_MODE: 'keys', UPLOAD_IP_MAX: '1000', UPLOAD_USER_MAX: '1000', MESSAGE_IP_MAX: '1000' });
  });
  afterAll(() => s.close());

  it('refuses an upload from a visitor without a key with unauthorized, and stores nothing', async () => {
    const before = await s.t.ctx.db.select().from(files);
    const res = await upload(visitor, 'notes.txt', 'a visitor’s notes');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('unauthorized');
    expect(await s.t.ctx.db.select().from(files)).toEqual(before);
  });

  it('takes an upload made with a key, and the key’s ask with it', async () => {
    const alice = await mintKey(s.t.ctx.db, { quota: 100 });
    const res = await upload(alice, 'notes.txt', 'the key’s notes');
    expect(res.status).toBe(200);
    const [row] = await s.t.ctx.db.select().from(files).where(eq(files.id, res.body.id));
    expect(row?.userId).toBe(alice.row.userId);
    const final = finalOf((await s.ask(alice, { text: 'read my notes', files: [{ id: res.body.id }] })).frames);
    expect(final.requestMessage.files).toEqual([expect.objectContaining({ file_id: res.body.id })]);
  });

  it('refuses a visitor’s ask that names files with unauthorized, before looking the files up', async () => {
    const bob = await mintKey(s.t.ctx.db, { quota: 100 });
    const { body } = await upload(bob, 'bob.txt', 'bob’s notes');
    const { response } = await s.ask(visitor, { text: 'read these', model: 'gpt-4o-mini', files: [{ id: body.id }] });
    expect(response.status).toBe(401);
    expect(((await response.json()) as ApiErrorBody).error).toBe('unauthorized');
  });
});
