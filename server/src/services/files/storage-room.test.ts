import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../app/errors.ts';
import { files, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { uploadFile } from './upload-file.ts';

describe.each(testDatabaseKinds)('the per-user storage cap under a burst of uploads, on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    // All eight at once: the per-user cap of the parsing pool is not what this test is about.
    t = await createTestApp(kind, { USER_STORAGE_MB: '1', WORKER_USER_MAX: '8' });
  });
  afterAll(() => t.close());

  it('lets exactly the uploads that fit through, however many run at once, and writes bytes for those only', async () => {
    const [user] = await t.ctx.db.insert(users).values({ name: 'Burst', email: `burst-${kind}@example.com` }).returning();
    const userId = user!.id;
    // 3 × 300,000 bytes fit in 1 MB (1,048,576 bytes), a fourth does not.
    const burst = await Promise.allSettled(
      Array.from({ length: 8 }, (_, n) => uploadFile(t.ctx, { owner: userId, endpoint: 'openAI', model: 'gpt-4o', fileName: `part-${n}.txt`, data: Buffer.alloc(300_000, 'a') })),
    );
    const refused = burst.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(burst.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(refused).toHaveLength(5);
    for (const reason of refused) expect(reason).toBeInstanceOf(AppError);
    expect(refused.map((reason: AppError) => reason.code)).toEqual(Array(5).fill('storage_full'));
    const rows = await t.ctx.db.select({ bytes: files.bytes }).from(files).where(eq(files.userId, userId));
    expect(rows.reduce((sum, row) => sum + row.bytes, 0)).toBe(900_000);
    expect(await readdir(path.join(t.ctx.env.DATA_DIR, 'files', userId))).toHaveLength(3);
  });
});
