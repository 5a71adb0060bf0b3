import { eq } from 'drizzle-orm';
import { freePort, startEpayFake, type EpayFake } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';

/** WeChat Pay through the shared EPAY_* merchant, Alipay through a gateway of its own (EPAY_ALIPAY_*). */
describe('payment gateways side by side', () => {
  let t: TestApp;
  let url: string;
  let shared: EpayFake;
  let alipay: EpayFake;

  async function order(type: 1 | 2) {
    const res = await fetch(`${url}/api/orders/key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ payId: `g-${type}-${Date.now()}`, type, price: 20 }) });
    const { orderId, payUrl } = (await res.json()) as { orderId: string; payUrl: string };
    const redirect = await fetch(`${url}${payUrl}`, { redirect: 'manual' });
    const location = redirect.headers.get('location')!;
    expect((await fetch(location)).status).toBe(200);
    return { orderId, location };
  }

  beforeAll(async () => {
    shared = await startEpayFake({ pid: '1001' });
    alipay = await startEpayFake({ pid: '2002' });
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    t = await createTestApp('pglite', { ACCESS_MODE: 'keys', PUBLIC_URL: url, ...shared.env, EPAY_ALIPAY_URL: alipay.url, EPAY_ALIPAY_PID: alipay.pid, EPAY_ALIPAY_KEY: alipay.key });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await alipay.close();
  });

  it("sends each method to its gateway and verifies each notification with that gateway's key", async () => {
    const wechat = await order(1);
    const ali = await order(2);
    expect(wechat.location.startsWith(`${shared.url}/submit.php`)).toBe(true);
    expect(ali.location.startsWith(`${alipay.url}/submit.php`)).toBe(true);
    expect(ali.location).toContain('pid=2002');
    expect(await alipay.pay(ali.orderId)).toEqual(['success']);
    expect(await shared.pay(wechat.orderId)).toEqual(['success']);
    const paid = await t.ctx.db.select().from(orders).where(eq(orders.status, 'credited'));
    expect(paid.map((o) => o.id).sort()).toEqual([wechat.orderId, ali.orderId].sort());
  });

  it("refuses a notification signed by the other method's gateway", async () => {
    const wechat = await order(1);
    // The Alipay gateway never took this WeChat order: it makes a correctly signed notification of its own for it.
    alipay.submissions.push({ ...shared.submissions.find((s) => s.out_trade_no === wechat.orderId)!, pid: alipay.pid });
    expect(await alipay.pay(wechat.orderId)).toEqual(['fail']);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, wechat.orderId));
    expect(row!.status).toBe('pending');
  });
});
