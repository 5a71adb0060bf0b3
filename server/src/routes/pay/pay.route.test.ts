import { eq } from 'drizzle-orm';
import { freePort, signEpay, startEpayFake, type EpayFake } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys, orders, usageLedger } from '../../db/schema.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

describe.each(testDatabaseKinds)('top-up orders and epay notifications on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let epay: EpayFake;
  const post = (path: string, body: unknown) => fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const quotaOf = async (keyId: string) => (await t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, keyId)))[0]!.quota;
  const topups = (keyId: string) => t.ctx.db.select().from(usageLedger).where(eq(usageLedger.accessKeyId, keyId)).then((rows) => rows.filter((r) => r.kind === 'topup'));

  /** A key with `quota`, an order for the ¥20 pack, and the order submitted to the gateway through GET /pay/<id>. */
  async function orderThroughGateway(quota = 5) {
    const key = await mintKey(t.ctx.db, { quota });
    const created = await (await post('/api/ask/usage/createorder', { password: 'p', apikey: key.key, payId: `${Date.now()}`, type: 2, price: 20, returnUrl: `${url}/chat/new` })).json();
    expect(created).toMatchObject({ code: 1 });
    const orderId = (created as { data: { orderId: string } }).data.orderId;
    const redirect = await fetch(`${url}/pay/${orderId}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const gateway = await fetch(redirect.headers.get('location')!);
    expect(gateway.status).toBe(200);
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

  it('creates one order per payId and key, and answers a failure code with a message for an unknown key, price, type or foreign return address', async () => {
    const key = await mintKey(t.ctx.db, { quota: 0 });
    const body = { password: 'p', apikey: key.key, payId: '1732380000000', type: 1, price: 50, returnUrl: `${url}/` };
    const first = (await (await post('/api/ask/usage/createorder', body)).json()) as { code: number; data: { orderId: string } };
    const again = (await (await post('/api/ask/usage/createorder', body)).json()) as { code: number; data: { orderId: string } };
    expect(first.code).toBe(1);
    expect(again.data.orderId).toBe(first.data.orderId);
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.id, first.data.orderId));
    expect(order).toMatchObject({ price: 5000, quota: 3000, type: 1, status: 'pending' });
    expect(await (await post('/api/ask/usage/createorder', { ...body, apikey: `sk-${'Q'.repeat(48)}` })).json()).toMatchObject({ code: 2 });
    expect(await (await post('/api/ask/usage/createorder', { ...body, payId: 'x2', price: 21 })).json()).toMatchObject({ code: 4 });
    const refused = async (change: Record<string, unknown>) => {
      const res = await post('/api/ask/usage/createorder', { ...body, payId: `refused-${JSON.stringify(change)}`, ...change });
      expect(res.status).toBe(200);
      return res.json();
    };
    expect(await refused({ type: 3 })).toEqual({ code: 3, message: 'This payment method is not offered.' });
    // A pack that would take the key past 2^53 - 1 is refused before anyone pays for it.
    const full = await mintKey(t.ctx.db, { quota: Number.MAX_SAFE_INTEGER - 2999 });
    expect(await (await post('/api/ask/usage/createorder', { ...body, apikey: full.key, payId: 'full-key' })).json()).toEqual({ code: 6, message: 'This pack would take the key past the largest quota kept exactly; ask the operator.' });
    expect(await t.ctx.db.select().from(orders).where(eq(orders.accessKeyId, full.row.id))).toEqual([]);
    expect(await refused({ type: '0' })).toMatchObject({ code: 3 });
    expect(await refused({ price: -20 })).toEqual({ code: 4, message: 'No top-up pack has this price.' });
    // Only back to this site: the gateway must not send payers to an address the caller names.
    expect(await refused({ returnUrl: 'https://evil.example/phish' })).toEqual({ code: 5, message: 'The return address must be a page of this site.' });
    expect(await refused({ returnUrl: `${url.replace('127.0.0.1', 'localhost')}/` })).toMatchObject({ code: 5 });
    expect(await t.ctx.db.select().from(orders).where(eq(orders.accessKeyId, key.row.id))).toHaveLength(1);
    // A body that is not an order at all is still a validation error.
    expect((await post('/api/ask/usage/createorder', { ...body, type: 'wechat' })).status).toBe(400);
  });

  it('redirects GET /pay/<orderId> to submit.php with the signed epay parameters', async () => {
    const { orderId } = await orderThroughGateway();
    const submitted = epay.submissions.at(-1)!;
    expect(submitted).toMatchObject({ pid: epay.pid, type: 'alipay', out_trade_no: orderId, notify_url: `${url}/api/pay/notify`, return_url: `${url}/chat/new`, money: '20.00' });
  });

  it('credits five concurrent notifications of one payment exactly once, answering success to each', async () => {
    const { key, orderId } = await orderThroughGateway(5);
    const answers = await epay.pay(orderId, { times: 5 });
    expect(answers).toEqual(['success', 'success', 'success', 'success', 'success']);
    expect(await quotaOf(key.row.id)).toBe(1005);
    expect(await topups(key.row.id)).toHaveLength(1);
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'credited', tradeNo: epay.submissions.find((s) => s.out_trade_no === orderId)!.trade_no });
    // A later retry of the same trade is still acknowledged and still credits nothing.
    expect(await epay.pay(orderId, { method: 'POST' })).toEqual(['success']);
    expect(await quotaOf(key.row.id)).toBe(1005);
  });

  it('answers fail and credits nothing for a forged signature, a wrong amount, a wrong pid or an unfinished trade', async () => {
    const { key, orderId } = await orderThroughGateway(5);
    expect(await epay.pay(orderId, { forgeSign: true })).toEqual(['fail']);
    expect(await epay.pay(orderId, { money: '0.01' })).toEqual(['fail']);
    expect(await epay.pay(orderId, { pid: '9999' })).toEqual(['fail']);
    expect(await epay.pay(orderId, { tradeStatus: 'WAIT_BUYER_PAY' })).toEqual(['fail']);
    expect(await quotaOf(key.row.id)).toBe(5);
    expect(await topups(key.row.id)).toHaveLength(0);
  });

  it('answers fail to a correctly signed notification of an order that does not exist', async () => {
    const params = { pid: epay.pid, trade_no: 'T1', out_trade_no: 'PL404', type: 'alipay', name: 'x', money: '20.00', trade_status: 'TRADE_SUCCESS' };
    const query = new URLSearchParams({ ...params, sign: signEpay(params, epay.key), sign_type: 'MD5' });
    const res = await fetch(`${url}/api/pay/notify?${query.toString()}`);
    expect(await res.text()).toBe('fail');
  });

  it('pays from the gateway page: notify credits, then the payer returns to return_url', async () => {
    const { key, orderId } = await orderThroughGateway(0);
    const paid = await fetch(`${epay.url}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ out_trade_no: orderId }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toBe(`${url}/chat/new`);
    expect(await quotaOf(key.row.id)).toBe(1000);
    expect(await (await post('/api/ask/usage/getusage', { password: 'p', apikey: key.key })).json()).toEqual({ usage: 1000 });
  });
});
