import type { Overview } from '@parley/core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { callAdmin, signUpAccount } from '../../test-support/admin-callers.ts';
import { orders, usageRecords } from '../../db/schema.ts';
import { dayIn } from '../../services/overview/console-overview.ts';

const DAY = 86_400_000;

describe.each(testDatabaseKinds)('the console overview on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let keyId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ACCESS_MODE: 'both', TZ: 'Asia/Shanghai' });
    headers = (await signUpAccount(t.ctx, { admin: true })).headers;
    const key = await mintKey(t.ctx.db, { quota: 1000, note: 'card shop' });
    keyId = key.row.id;
    const now = Date.now();
    // Today's records are of the last three minutes, but never before today began in Shanghai
    // (UTC+8 all year): run just after 16:00 UTC they fell on the day before.
    const shanghaiMidnight = Math.floor((now + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000;
    const today = (agoMs: number) => Math.max(now - agoMs, shanghaiMidnight + (180_000 - agoMs) / 1000);
    const record = (at: number, model: string, status: 'ok' | 'error', charged: number, channel: string | null) => ({
      createdAt: new Date(at),
      userId: key.row.userId,
      accessKeyId: keyId,
      dialect: 'web',
      model,
      channel,
      inputTokens: 100,
      outputTokens: 50,
      charged,
      unit: 'quota' as const,
      totalMs: 900,
      status,
    });
    await t.ctx.db.insert(usageRecords).values([
      record(today(60_000), 'gpt-4o', 'ok', 10, 'openai'),
      record(today(120_000), 'gpt-4o', 'error', 0, 'openai'),
      record(today(180_000), 'gpt-4o-mini', 'ok', 1, null),
      record(now - 3 * DAY, 'gpt-4o-mini', 'ok', 1, null),
      // Older than 30 days: in no period.
      record(now - 40 * DAY, 'gpt-4o', 'ok', 10, 'openai'),
    ]);
    await t.ctx.db.insert(orders).values([
      { payId: 'a', accessKeyId: keyId, type: 1, price: 2000, quota: 1000, status: 'paid', paidAt: new Date(today(30_000)), tradeNo: 't-1' },
      { payId: 'b', accessKeyId: keyId, type: 1, price: 5000, quota: 3000, status: 'paid', paidAt: new Date(now - 5 * DAY), tradeNo: 't-2' },
      { payId: 'c', accessKeyId: keyId, type: 1, price: 9900, quota: 9000, status: 'pending' },
    ]);
    await t.ctx.streams.create({ streamId: randomUUID(), userId: key.row.userId!, conversationId: randomUUID() }, 5);
  });
  afterAll(() => t.close());

  const overview = async (days: number) => {
    const res = await callAdmin(t.app, headers, 'GET', `/api/admin/overview?days=${days}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Overview>();
  };

  it('sums today: calls, errors, tokens, quota spent and sold, and revenue in fen from paid orders only', async () => {
    const today = await overview(1);
    expect(today.byDay.map((d) => d.day)).toEqual([dayIn('Asia/Shanghai', new Date())]);
    expect(today.totals).toMatchObject({ calls: 3, errors: 1, tokens: 450, quotaSpent: 11, quotaSold: 1000, revenueFen: 2000, paidOrders: 1 });
    expect(today.liveStreams).toBe(1);
  });

  it('gives 7 and 30 days one entry a day, the top models and keys, and each channel’s error rate', async () => {
    const week = await overview(7);
    expect(week.byDay).toHaveLength(7);
    expect(week.totals).toMatchObject({ calls: 4, quotaSpent: 12, quotaSold: 4000, revenueFen: 7000 });
    expect(week.topModels).toEqual([
      { model: 'gpt-4o', calls: 2, tokens: 300 },
      { model: 'gpt-4o-mini', calls: 2, tokens: 300 },
    ]);
    expect(week.topKeys).toEqual([{ keyId, prefix: expect.any(String), label: 'card shop', calls: 4, quotaSpent: 12 }]);
    expect(week.channels).toContainEqual({ channel: 'openai', provider: expect.any(String), calls: 2, errors: 1 });
    expect((await overview(30)).byDay).toHaveLength(30);
  });

  it('refuses a period it does not offer', async () => {
    expect((await callAdmin(t.app, headers, 'GET', '/api/admin/overview?days=2')).statusCode).toBe(400);
  });
});
