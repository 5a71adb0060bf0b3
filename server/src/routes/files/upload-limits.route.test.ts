import type { ApiErrorBody, UploadedFile } from '@parley/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema.ts';
import { listenTestApp, type ListeningApp } from '../../test-support/chat-stack.ts';
import { multipartBody } from '../../test-support/multipart.ts';

type Who = Awaited<ReturnType<ListeningApp['signUp']>>;

describe('per-user upload limits', () => {
  let t: ListeningApp;

  const upload = async (who: Who, name: string, data: Buffer | string) => {
    const form = multipartBody({ endpoint: 'openAI', model: 'gpt-4o' }, { name, data });
    const res = await fetch(`${t.url}/api/ask/files/upload`, {
      method: 'POST',
      headers: { 'content-type': form.contentType, authorization: who.headers.authorization! },
      body: new Uint8Array(form.body),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as UploadedFile & ApiErrorBody };
  };

  beforeAll(async () => {
    t = await listenTestApp('pglite', { USER_STORAGE_MB: '1', UPLOAD_USER_MAX: '3', UPLOAD_IP_MAX: '1000' });
  });
  afterAll(() => t.close());

  it('refuses an upload past USER_STORAGE_MB with storage_full, stores nothing of it, and leaves other users their own room', async () => {
    const [alice, bob] = [await t.signUp(), await t.signUp()];
    expect((await upload(alice, 'first.txt', 'a'.repeat(600_000))).status).toBe(200);
    const refused = await upload(alice, 'second.txt', 'b'.repeat(600_000));
    expect(refused).toMatchObject({ status: 413, body: { error: 'storage_full', message: expect.stringContaining('(1 MB)'), data: { limitMb: 1 } } });
    const kept = await t.ctx.db.select({ filename: files.filename }).from(files).where(eq(files.userId, alice.userId));
    expect(kept.map((row) => row.filename)).toEqual(['first.txt']);
    // What is left still fits.
    expect((await upload(alice, 'small.txt', 'c'.repeat(400_000))).status).toBe(200);
    expect((await upload(bob, 'second.txt', 'b'.repeat(600_000))).status).toBe(200);
  });

  it('limits uploads per user to UPLOAD_USER_MAX a minute, whatever the IP allows', async () => {
    const [carol, dave] = [await t.signUp(), await t.signUp()];
    for (let i = 0; i < 3; i++) expect((await upload(carol, `n${i}.txt`, 'note')).status).toBe(200);
    const refused = await upload(carol, 'x.txt', 'x');
    expect(refused).toMatchObject({ status: 429, retryAfter: expect.stringMatching(/^\d+$/), body: { error: 'rate_limited' } });
    // Another user from the same address still uploads.
    expect((await upload(dave, 'd.txt', 'note')).status).toBe(200);
  });
});
