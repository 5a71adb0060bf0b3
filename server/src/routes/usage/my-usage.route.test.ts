import type { DailySpend, MyOrderPage } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, usageRecords } from '../../db/schema.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { signUpAccount } from '../../test-support/admin-callers.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

const HOUR_MS = 3_600_000;

describe.each(testDatabaseKinds)('My usage: spend by day and orders, each caller its own, on %s', (kind) => {
  let t: TestApp;
  const get = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers, remoteAddress: '203.0.113.9' });
  const record = (userId: string, charged: number, unit: 'quota' | 'credits', at = new Date()) =>
    t.ctx.db.insert(usageRecords).values({ userId, dialect: 'web', model: 'gpt-4o-mini', charged, unit, totalMs: 500, status: 'ok', createdAt: at });
  const order = (id: string, values: Partial<typeof orders.$inferInsert>) =>
    t.ctx.db.insert(orders).values({ id, payId: id, type: 1, price: 2000, quota: 1000, status: 'credited', ...values });

  beforeAll(async () => {
    t = await createTestApp(kind, { ACCESS_MODE: 'both', CHECK_BALANCE: 'true' });
  });
  afterAll(() => t.close());

  it('answers 401 to a caller without a key or a session, and 400 to a span or zone out of bounds', async () => {
    const ada = await signUpAccount(t.ctx);
    // In `both` mode no bearer at all is a visitor; a bearer that is neither a key nor a session is refused.
    const forged = { authorization: 'Bearer not-a-token' };
    expect((await get(forged, '/api/usage/daily')).statusCode).toBe(401);
    expect((await get(forged, '/api/usage/orders')).statusCode).toBe(401);
    for (const query of ['days=0', 'days=91', 'days=2.5', 'tz=Mars%2FOlympus', 'tz=%2B25:00', "tz=UTC'%3B--"]) {
      expect((await get(ada.headers, `/api/usage/daily?${query}`)).statusCode, query).toBe(400);
    }
    expect((await get(ada.headers, '/api/usage/orders?limit=101')).statusCode).toBe(400);
  });

  it("sums a key's own calls per day, every day of the span present, and never another key's or account's", async () => {
    const mine = await mintKey(t.ctx.db, { quota: 5000 });
    const other = await mintKey(t.ctx.db, { quota: 5000 });
    const ada = await signUpAccount(t.ctx);
    const now = Date.now();
    await record(mine.row.userId!, 30, 'quota', new Date(now - 60_000));
    await record(mine.row.userId!, 12, 'quota', new Date(now - 120_000));
    await record(mine.row.userId!, 5, 'quota', new Date(now - 49 * HOUR_MS));
    await record(other.row.userId!, 999, 'quota');
    await record(ada.userId, 777, 'credits');

    const res = await get(mine.headers, '/api/usage/daily?days=7&tz=UTC');
    expect(res.statusCode).toBe(200);
    const { days } = res.json<DailySpend>();
    expect(days).toHaveLength(7);
    expect(days.at(-1)!.date).toBe(new Date(now).toISOString().slice(0, 10));
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    expect(days.reduce((sum, d) => sum + d.charged, 0)).toBe(47);
    expect(days.reduce((sum, d) => sum + d.calls, 0)).toBe(3);
    expect(days.some((d) => d.charged === 999 || d.charged === 777)).toBe(false);

    const account = (await get(ada.headers, '/api/usage/daily?days=1&tz=%2B08:00')).json<DailySpend>();
    expect(account.days).toEqual([{ date: expect.any(String), charged: 777, calls: 1 }]);
  });

  it("lists a key's own orders and an account's credits orders, newest first and paged, without gateway details", async () => {
    const mine = await mintKey(t.ctx.db, { quota: 100 });
    const other = await mintKey(t.ctx.db, { quota: 100 });
    const ada = await signUpAccount(t.ctx);
    const base = Date.now() - 10 * HOUR_MS;
    await order('PLmineold', { accessKeyId: mine.row.id, userId: mine.row.userId, purpose: 'key_topup', createdAt: new Date(base), tradeNo: 'T-secret-1', browserSecretHash: 'h'.repeat(64) });
    await order('PLminenew', { accessKeyId: mine.row.id, userId: mine.row.userId, purpose: 'key_topup', status: 'pending', createdAt: new Date(base + HOUR_MS) });
    await order('PLminebought', { accessKeyId: mine.row.id, createdKeyId: mine.row.id, purpose: 'new_key', days: 30, createdAt: new Date(base - HOUR_MS), sealedKey: 'sealed-secret' });
    await order('PLother', { accessKeyId: other.row.id, userId: other.row.userId, purpose: 'key_topup' });
    await order('PLadacredits', { userId: ada.userId, purpose: 'credits', price: 5000, quota: 50_000 });

    const first = (await get(mine.headers, '/api/usage/orders?limit=2')).json<MyOrderPage>();
    expect(first.orders.map((o) => o.id)).toEqual(['PLminenew', 'PLmineold']);
    expect(first.orders[0]).toMatchObject({ purpose: 'key_topup', status: 'pending', price: 2000, quota: 1000, paidAt: null });
    const rest = (await get(mine.headers, `/api/usage/orders?limit=2&before=${encodeURIComponent(first.nextBefore!)}`)).json<MyOrderPage>();
    expect(rest).toEqual({ orders: [expect.objectContaining({ id: 'PLminebought', purpose: 'new_key', days: 30 })], nextBefore: null });
    const body = JSON.stringify([first, rest]);
    for (const secret of ['T-secret-1', 'hhhh', 'sealed-secret', 'PLother', 'PLadacredits']) expect(body).not.toContain(secret);

    expect((await get(ada.headers, '/api/usage/orders')).json<MyOrderPage>().orders.map((o) => o.id)).toEqual(['PLadacredits']);
    // A visitor without a key owns no orders.
    expect((await get({}, '/api/usage/orders')).json<MyOrderPage>()).toEqual({ orders: [], nextBefore: null });
  });
});
