import { eq } from 'drizzle-orm';
import { freePort, startEpayFake, type EpayFake } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys, orders, usageLedger } from '../../db/schema.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { listOrders, refundOrder, requeryOrder } from './order-admin.ts';

describe.each(testDatabaseKinds)('order refunds and re-queries on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let epay: EpayFake;
  const quotaOf = async (keyId: string) => (await t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, keyId)))[0]!.quota;
  const orderOf = async (id: string) => (await t.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const ledgerOf = (keyId: string, kind: string) =>
    t.ctx.db.select().from(usageLedger).where(eq(usageLedger.accessKeyId, keyId)).then((rows) => rows.filter((r) => r.kind === kind));

  /** A key with `quota` and a ¥20 order for 1000 quota, submitted to the gateway. */
  async function submittedOrder(quota = 5) {
    const key = await mintKey(t.ctx.db, { quota });
    const created = await t.app.inject({ method: 'POST', url: '/api/ask/usage/createorder', payload: { password: 'p', apikey: key.key, payId: `${Math.random()}`, type: 1, price: 20, returnUrl: `${url}/` } });
    const orderId = (created.json() as { data: { orderId: string } }).data.orderId;
    const redirect = await t.app.inject({ method: 'GET', url: `/pay/${orderId}` });
    expect((await fetch(redirect.headers.location as string)).status).toBe(200);
    return { key, orderId };
  }

  beforeAll(async () => {
    epay = await startEpayFake();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    t = await createTestApp(kind, { ACCESS_MODE: 'keys', PUBLIC_URL: url, ...epay.env });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await epay.close();
  });

  it('refunds a credited order once, taking its quota back', async () => {
    const { key, orderId } = await submittedOrder(5);
    expect(await epay.pay(orderId)).toEqual(['success']);
    expect(await quotaOf(key.row.id)).toBe(1005);
    const { before, after } = await refundOrder(t.ctx.db, orderId, 'buyer asked');
    expect(before.status).toBe('credited');
    expect(after).toMatchObject({ status: 'refunded', refundedQuota: 1000, refundReason: 'buyer asked' });
    expect(await quotaOf(key.row.id)).toBe(5);
    await expect(refundOrder(t.ctx.db, orderId, 'again')).rejects.toMatchObject({ code: 'validation' });
    expect(await quotaOf(key.row.id)).toBe(5);
    expect((await ledgerOf(key.row.id, 'reversal')).map((r) => r.amount)).toEqual([1000]);
    // A notification retried after the refund credits nothing again.
    expect(await epay.pay(orderId)).toEqual(['success']);
    expect(await quotaOf(key.row.id)).toBe(5);
  });

  it('never takes a key below zero: a refund after spending takes what is left', async () => {
    const { key, orderId } = await submittedOrder(0);
    await epay.pay(orderId);
    await t.ctx.db.update(accessKeys).set({ quota: 300 }).where(eq(accessKeys.id, key.row.id));
    const { after } = await refundOrder(t.ctx.db, orderId, 'chargeback');
    expect(after.refundedQuota).toBe(300);
    expect(await quotaOf(key.row.id)).toBe(0);
  });

  it('refunds once when ten refunds of one order race', async () => {
    const { key, orderId } = await submittedOrder(100);
    await epay.pay(orderId);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => refundOrder(t.ctx.db, orderId, 'race')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await quotaOf(key.row.id)).toBe(100);
    expect(await ledgerOf(key.row.id, 'reversal')).toHaveLength(1);
  });

  it('refuses to refund an unpaid order', async () => {
    const { orderId } = await submittedOrder();
    await expect(refundOrder(t.ctx.db, orderId, 'x')).rejects.toMatchObject({ code: 'validation' });
    await expect(refundOrder(t.ctx.db, 'PLnope', 'x')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('re-queries a pending order: not paid yet, then paid without a notification, credited once', async () => {
    const { key, orderId } = await submittedOrder(5);
    expect(await requeryOrder(t.ctx, orderId)).toBe('not-paid');
    const tradeNo = epay.payWithoutNotice(orderId);
    expect(await requeryOrder(t.ctx, orderId)).toBe('credited');
    expect(await orderOf(orderId)).toMatchObject({ status: 'credited', tradeNo });
    expect(await requeryOrder(t.ctx, orderId)).toBe('already-credited');
    // The late notification finds it credited.
    expect(await epay.pay(orderId)).toEqual(['success']);
    expect(await quotaOf(key.row.id)).toBe(1005);
    expect(await ledgerOf(key.row.id, 'topup')).toHaveLength(1);
    expect(epay.queries.filter((q) => q === orderId)).toHaveLength(2);
  });

  it('credits once when re-queries race the notifications', async () => {
    const { key, orderId } = await submittedOrder(0);
    epay.payWithoutNotice(orderId);
    const [requeries, notices] = await Promise.all([Promise.all(Array.from({ length: 5 }, () => requeryOrder(t.ctx, orderId))), epay.pay(orderId, { times: 5 })]);
    expect(notices).toEqual(Array(5).fill('success'));
    expect(requeries.every((o) => o === 'credited' || o === 'already-credited')).toBe(true);
    expect(await quotaOf(key.row.id)).toBe(1000);
    expect(await ledgerOf(key.row.id, 'topup')).toHaveLength(1);
  });

  it('records a paid order whose key is gone as paid, not credited, and a closed trade as failed', async () => {
    const { key, orderId } = await submittedOrder(0);
    await t.ctx.db.delete(accessKeys).where(eq(accessKeys.id, key.row.id));
    expect(await epay.pay(orderId)).toEqual(['success']);
    expect(await orderOf(orderId)).toMatchObject({ status: 'paid', failure: 'the key of this order no longer exists' });
    const closed = await submittedOrder(0);
    expect(await epay.pay(closed.orderId, { tradeStatus: 'TRADE_CLOSED' })).toEqual(['success']);
    expect(await orderOf(closed.orderId)).toMatchObject({ status: 'failed' });
  });

  it('lists orders newest first with their key prefix, filtered by state and search', async () => {
    const { key, orderId } = await submittedOrder(0);
    const page = await listOrders(t.ctx.db, { limit: 50, offset: 0, q: key.row.prefix });
    expect(page.rows.map((r) => r.order.id)).toEqual([orderId]);
    expect(page.rows[0]).toMatchObject({ keyPrefix: key.row.prefix, accountEmail: null });
    const refunded = await listOrders(t.ctx.db, { limit: 50, offset: 0, status: 'refunded' });
    expect(refunded.rows.every((r) => r.order.status === 'refunded')).toBe(true);
    expect(refunded.total).toBeGreaterThanOrEqual(3);
    // LIKE wildcards in a search are plain text.
    expect((await listOrders(t.ctx.db, { limit: 50, offset: 0, q: '%' })).total).toBe(0);
  });
});
