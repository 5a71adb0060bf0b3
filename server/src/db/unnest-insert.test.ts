import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/databases.ts';
import type { Database } from './client.ts';
import { usageRecords, users } from './schema.ts';
import { insertUnnested } from './unnest-insert.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase('pglite');
});
afterAll(() => database.close());

it('gives a listed column that a row leaves undefined its plain default, so the batch is written', async () => {
  const [user] = await database.db.insert(users).values({ name: 'Ada', email: 'ada@example.com' }).returning();
  const row: typeof usageRecords.$inferInsert = { userId: user!.id, dialect: 'web', model: 'gpt-4o', inputTokens: 3, unit: 'free', totalMs: 40, status: 'ok' };
  await insertUnnested(database.db, usageRecords, [['userId', 'text'], ['dialect', 'text'], ['model', 'text'], ['inputTokens', 'int'], ['cachedTokens', 'int'], ['unit', 'text'], ['totalMs', 'int'], ['status', 'text'], ['ttftMs', 'int']], [row]);
  const [written] = await database.db.select().from(usageRecords).where(eq(usageRecords.userId, user!.id));
  expect(written).toMatchObject({ inputTokens: 3, cachedTokens: 0, ttftMs: null });
});
