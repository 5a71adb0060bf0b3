import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageLedger } from '../../db/schema.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { bufferLogger } from '../../test-support/buffer-logger.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test-support/databases.ts';
import { createChargeBatch, type Charge } from './charge-batch.ts';

describe.each(testDatabaseKinds)('batched charge rows on %s', (kind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, 120_000);
  afterAll(() => database?.close());

  const chargeRows = async (keyId: string) => database.db.select().from(usageLedger).where(and(eq(usageLedger.accessKeyId, keyId), eq(usageLedger.kind, 'charge')));

  it('writes every charge once under 200 concurrent calls from two instances, each with its own hold and amount', async () => {
    const key = await mintKey(database.db, { quota: 1000 });
    const charges: Charge[] = Array.from({ length: 200 }, (_, i) => ({
      userId: key.row.userId!,
      accessKeyId: key.row.id,
      model: i % 2 ? 'gpt-4o-mini' : 'text-embedding-3-small',
      conversationId: i % 3 ? randomUUID() : null,
      messageId: i % 3 ? randomUUID() : null,
      amount: 1 + (i % 4),
      holdId: randomUUID(),
    }));
    const logged = bufferLogger();
    const instances = [createChargeBatch(database.db, logged.log), createChargeBatch(database.db, logged.log)];
    await Promise.all(charges.map((charge, i) => instances[i % 2]!.charge(charge)));
    // Written in batches, not row by row after a failed batch.
    expect(logged.lines.join('')).not.toContain('a batch of charges failed');
    const rows = await chargeRows(key.row.id);
    expect(rows).toHaveLength(200);
    const byHold = new Map(rows.map((row) => [row.holdId, row]));
    for (const charge of charges) {
      expect(byHold.get(charge.holdId)).toMatchObject({ ...charge, kind: 'charge' });
    }
    expect(new Set(rows.map((row) => row.id)).size).toBe(200);
  });

  it('fails only the charge whose row cannot be written when its batch fails, and writes the others', async () => {
    const key = await mintKey(database.db, { quota: 10 });
    const charge = (accessKeyId: string): Charge => ({ userId: key.row.userId!, accessKeyId, model: 'gpt-4o-mini', conversationId: null, messageId: null, amount: 1, holdId: randomUUID() });
    const logged = bufferLogger();
    const batch = createChargeBatch(database.db, logged.log);
    // The first goes alone; the four that come while it runs share the next statement, which a key that does not exist fails.
    const calls = [charge(key.row.id), charge(key.row.id), charge(key.row.id), charge('no-such-key'), charge(key.row.id)];
    const settled = await Promise.allSettled(calls.map((c) => batch.charge(c)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(logged.lines.filter((line) => line.includes('a batch of charges failed')).map((line) => JSON.parse(line).charges)).toEqual([4]);
    const rows = await chargeRows(key.row.id);
    expect(new Set(rows.map((row) => row.holdId))).toEqual(new Set(calls.filter((_, i) => i !== 3).map((c) => c.holdId)));
  });
});
