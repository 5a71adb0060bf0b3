import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys, usageLedger } from '../../db/schema.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test-support/databases.ts';
import { createKeyHolds } from './key-holds.ts';

describe.each(testDatabaseKinds)('batched holds on one access key on %s', (kind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, 120_000);
  afterAll(() => database?.close());

  const keyRow = async (keyId: string) => (await database.db.select().from(accessKeys).where(eq(accessKeys.id, keyId)))[0]!;
  const holdRows = async (keyId: string) => database.db.select().from(usageLedger).where(and(eq(usageLedger.accessKeyId, keyId), eq(usageLedger.kind, 'hold')));

  it('grants exactly what the quota pays for under 300 concurrent holds from two instances, in the order asked', async () => {
    const key = await mintKey(database.db, { quota: 200 });
    const entry = { userId: key.row.userId!, accessKeyId: key.row.id, model: 'gpt-4o-mini' };
    const instances = [createKeyHolds(database.db), createKeyHolds(database.db)];
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => instances[i % 2]!.hold(i % 3 === 0 ? 2 : 1, entry)));
    const granted = answers.filter((a) => a.ok);
    const spent = answers.reduce((sum, a, i) => sum + (a.ok ? (i % 3 === 0 ? 2 : 1) : 0), 0);
    expect(spent).toBeLessThanOrEqual(200);
    expect(await keyRow(key.row.id)).toMatchObject({ quota: 200 - spent, used: spent });
    const rows = await holdRows(key.row.id);
    expect(rows).toHaveLength(granted.length);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(granted.map((a) => (a as { holdId: string }).holdId)));
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(spent);
    // What could not be paid is refused with what was left, and nothing is left unspent that a 1-cost hold could take.
    expect(200 - spent).toBeLessThan(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({ ok: false, reason: 'quota', remaining: 0 });
  });

  it('refuses a revoked key as key_expired and takes nothing', async () => {
    const key = await mintKey(database.db, { quota: 5 });
    await database.db.update(accessKeys).set({ status: 'revoked' }).where(eq(accessKeys.id, key.row.id));
    const holds = createKeyHolds(database.db);
    expect(await holds.hold(1, { userId: key.row.userId!, accessKeyId: key.row.id, model: 'm' })).toEqual({ ok: false, reason: 'key_expired' });
    expect(await keyRow(key.row.id)).toMatchObject({ quota: 5, used: 0 });
    expect(await holdRows(key.row.id)).toHaveLength(0);
  });
});
