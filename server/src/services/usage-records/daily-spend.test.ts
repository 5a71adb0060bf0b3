import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageRecords, users } from '../../db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test-support/databases.ts';
import type { Database } from '../../db/client.ts';
import { readDailySpend } from './daily-spend.ts';

describe.each(testDatabaseKinds)('spend by day in the caller’s time zone on %s', (kind) => {
  let database: Database;
  const userId = `daily-spend-${kind}`;
  const now = new Date('2026-03-10T12:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.insert(users).values({ id: userId, email: `${userId}@example.com`, name: 'Day counter' });
    const at = (iso: string, charged: number) => ({ userId, dialect: 'web', model: 'gpt-4o', charged, unit: 'quota' as const, totalMs: 1, status: 'ok' as const, createdAt: new Date(iso) });
    await database.db.insert(usageRecords).values([
      // 23:30 on 9 March in UTC is 07:30 on 10 March in Shanghai, and 19:30 on 9 March in New York (EDT since 8 March).
      at('2026-03-09T23:30:00Z', 10),
      at('2026-03-09T01:00:00Z', 4),
      // Before the span of three days wherever the caller is.
      at('2026-03-01T12:00:00Z', 1000),
    ]);
  });
  afterAll(() => database.close());

  it('cuts the days at midnight in the zone asked, by name or by offset', async () => {
    expect((await readDailySpend(database.db, userId, { days: 3, timeZone: 'UTC' }, now)).days).toEqual([
      { date: '2026-03-08', charged: 0, calls: 0 },
      { date: '2026-03-09', charged: 14, calls: 2 },
      { date: '2026-03-10', charged: 0, calls: 0 },
    ]);
    const shanghai = [
      { date: '2026-03-08', charged: 0, calls: 0 },
      { date: '2026-03-09', charged: 4, calls: 1 },
      { date: '2026-03-10', charged: 10, calls: 1 },
    ];
    expect((await readDailySpend(database.db, userId, { days: 3, timeZone: 'Asia/Shanghai' }, now)).days).toEqual(shanghai);
    expect((await readDailySpend(database.db, userId, { days: 3, timeZone: '+08:00' }, now)).days).toEqual(shanghai);
    // 01:00 UTC on 9 March is 21:00 on 8 March in New York.
    expect((await readDailySpend(database.db, userId, { days: 3, timeZone: 'America/New_York' }, now)).days).toEqual([
      { date: '2026-03-08', charged: 4, calls: 1 },
      { date: '2026-03-09', charged: 10, calls: 1 },
      { date: '2026-03-10', charged: 0, calls: 0 },
    ]);
    expect((await readDailySpend(database.db, userId, { days: 90, timeZone: '-05:00' }, now)).days.reduce((sum, d) => sum + d.charged, 0)).toBe(1014);
  });

  it('refuses a zone name the database does not know as the caller’s mistake', async () => {
    await expect(readDailySpend(database.db, userId, { days: 3, timeZone: 'Mars/Olympus_Mons' }, now)).rejects.toMatchObject({ code: 'validation' });
  });
});
