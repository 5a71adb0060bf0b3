import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { pdfBytes, pictureBytes } from '../../test-support/file-fixtures.ts';
import { files } from '../../db/schema.ts';
import { storeGeneratedImage } from './generated-image.ts';
import { uploadFile } from './upload-file.ts';

/**
 * The row is refused by the database itself: the owner is no user (`files.user_id` references
 * `users`), as a lost connection would refuse it; no bytes may be left behind.
 */
describe.each(testDatabaseKinds)('file bytes whose row is not saved, on %s', (kind) => {
  let t: TestApp;
  const storedUnder = async (owner: string) =>
    readdir(path.join(t.ctx.env.DATA_DIR, 'files', owner)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it.each([
    ['a picture (with its thumbnail)', 'photo.png', () => pictureBytes(32, 32)],
    ['a document', 'report.pdf', async () => pdfBytes('quarterly figures')],
  ])('leaves no stored bytes of an upload, %s, when the insert fails', async (_what, fileName, bytes) => {
    const ghost = randomUUID();
    const upload = uploadFile(t.ctx, { owner: ghost, endpoint: 'openAI', model: 'gpt-4o', fileName, data: await bytes() });
    await expect(upload).rejects.toThrow();
    expect(await storedUnder(ghost)).toEqual([]);
    expect(await t.ctx.db.select().from(files)).toEqual([]);
  });

  it('leaves no stored bytes of a generated picture when the insert fails', async () => {
    const ghost = randomUUID();
    const dataUrl = `data:image/png;base64,${(await pictureBytes(24, 16)).toString('base64')}`;
    await expect(storeGeneratedImage(t.ctx, ghost, randomUUID(), dataUrl)).rejects.toThrow();
    expect(await storedUnder(ghost)).toEqual([]);
  });
});
