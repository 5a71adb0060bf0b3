import { eq } from 'drizzle-orm';
import { freePort, startEpayFake, type EpayFake } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys, orders, usageLedger, users } from '../../db/schema.ts';
import { viewOrder } from '../../services/payments/order-view.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { authClient, registration } from '../../test-support/auth-client.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

const DAY_MS = 86_400_000;

describe.each(testDatabaseKinds)('buyer orders: new keys, renewals, credits and the order page on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let epay: EpayFake;

  /** Places an order as a browser would: answers the order and the browser's order cookie. */
  async function place(path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    const order = (await res.json()) as { orderId: string; payUrl: string };
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`parley_order_${order.orderId}=`))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toContain(`Path=/api/orders/${order.orderId}`);
    // To the gateway, as the web sends the payer: GET /pay/<id> redirects to submit.php.
    const redirect = await fetch(`${url}${order.payUrl}`, { redirect: 'manual' });
    expect((await fetch(redirect.headers.get('location')!)).status).toBe(200);
    return { ...order, cookie: cookie.split(';')[0]! };
  }
  const view = (orderId: string, cookie?: string) => fetch(`${url}/api/orders/${orderId}`, { headers: cookie ? { cookie } : {} });
  const choice = (payId: string) => ({ payId, type: 1, price: 20 });

  beforeAll(async () => {
    epay = await startEpayFake();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    t = await createTestApp(kind, { ACCESS_MODE: 'both', CHECK_BALANCE: 'true', START_BALANCE: '100', PUBLIC_URL: url, TOPUP_PACKS: '1000:20:30,3000:50', ...epay.env });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await epay.close();
  });

  it('a new key: five concurrent notifications make one key with the pack quota, shown only to the browser that bought it', async () => {
    const order = await place('/api/orders/key', choice('new-1'));
    const submitted = epay.submissions.find((s) => s.out_trade_no === order.orderId)!;
    expect(submitted.return_url).toBe(`${url}/order/${order.orderId}`);
    // Before the notification: pending, no key.
    expect(await (await view(order.orderId, order.cookie)).json()).toMatchObject({ purpose: 'new_key', paid: false, key: null, quota: 1000, days: 30 });

    expect(await epay.pay(order.orderId, { times: 5 })).toEqual(['success', 'success', 'success', 'success', 'success']);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row!.createdKeyId).toBeTruthy();
    const keys = await t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, row!.createdKeyId!));
    expect(keys).toHaveLength(1);
    expect(keys[0]!.quota).toBe(1000);
    expect(keys[0]!.expiresAt!.getTime() - Date.now()).toBeGreaterThan(29 * DAY_MS);
    expect(await t.ctx.db.select().from(usageLedger).where(eq(usageLedger.orderId, order.orderId))).toHaveLength(1);

    const shown = (await (await view(order.orderId, order.cookie)).json()) as { key: string; balance: number; keyShownUntil: string };
    expect(shown.key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
    expect(shown.balance).toBe(1000);
    expect(new Date(shown.keyShownUntil).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    // The key works, on its own quota.
    const balance = await fetch(`${url}/api/balance`, { headers: { authorization: `Bearer ${shown.key}` } });
    expect(await balance.json()).toEqual({ balance: 1000, unit: 'quota' });
    // Nobody else with the order id: no cookie, another order's secret, a forged secret.
    expect((await view(order.orderId)).status).toBe(404);
    expect((await view(order.orderId, `parley_order_${order.orderId}=${'a'.repeat(64)}`)).status).toBe(404);
    const other = await place('/api/orders/key', choice('new-2'));
    expect((await view(order.orderId, other.cookie.replace(other.orderId, order.orderId))).status).toBe(404);
    // The stored row keeps no key in clear.
    expect(JSON.stringify(row)).not.toContain(shown.key);
  });

  it('a late notification makes the key when it comes; after 24 hours the key is no longer shown and its sealed copy is gone', async () => {
    const order = await place('/api/orders/key', choice('late-1'));
    expect(await (await view(order.orderId, order.cookie)).json()).toMatchObject({ paid: false, key: null });
    expect(await epay.pay(order.orderId)).toEqual(['success']);
    const secret = order.cookie.split('=')[1]!;
    expect((await viewOrder(t.ctx, order.orderId, secret))!.key).toMatch(/^sk-/);
    const later = await viewOrder(t.ctx, order.orderId, secret, new Date(Date.now() + DAY_MS + 60_000));
    expect(later).toMatchObject({ paid: true, key: null, balance: 1000 });
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row!.sealedKey).toBeNull();
    // Retried after that, the notification is acknowledged and makes nothing more.
    expect(await epay.pay(order.orderId)).toEqual(['success']);
    expect(await t.ctx.db.select().from(usageLedger).where(eq(usageLedger.orderId, order.orderId))).toHaveLength(1);
  });

  it('renews an expired key: the quota added once and the expiry moved on by the pack days from now; a pack without days lifts it', async () => {
    const key = await mintKey(t.ctx.db, { quota: 3, days: 1 });
    await t.ctx.db.update(accessKeys).set({ expiresAt: new Date(Date.now() - DAY_MS) }).where(eq(accessKeys.id, key.row.id));
    const renew = await place('/api/orders/key', { ...choice('renew-1'), apikey: key.key });
    expect(await epay.pay(renew.orderId, { times: 3 })).toEqual(['success', 'success', 'success']);
    const [renewed] = await t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, key.row.id));
    expect(renewed!.quota).toBe(1003);
    const days = (renewed!.expiresAt!.getTime() - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(await (await view(renew.orderId, renew.cookie)).json()).toMatchObject({ purpose: 'key_topup', paid: true, balance: 1003, key: null });

    const lift = await place('/api/orders/key', { payId: 'renew-2', type: 1, price: 50, apikey: key.key });
    await epay.pay(lift.orderId);
    const [lifted] = await t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, key.row.id));
    expect(lifted).toMatchObject({ quota: 4003, expiresAt: null });
    // A revoked or unknown key buys nothing.
    await t.ctx.db.update(accessKeys).set({ status: 'revoked' }).where(eq(accessKeys.id, key.row.id));
    const refused = await fetch(`${url}/api/orders/key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...choice('renew-3'), apikey: key.key }) });
    expect(refused.status).toBe(401);
  });

  it('an account buys credits once, CREDITS_PER_YUAN a yuan; a key or a visitor cannot', async () => {
    const client = authClient(t.app, '203.0.113.77');
    expect((await client.register(registration('buyer@example.com'))).statusCode).toBe(200);
    const token = ((await client.login('buyer@example.com', 'analytical-engine')).json() as { token: string }).token;
    const order = await place('/api/orders/credits', choice('credits-1'), { authorization: `Bearer ${token}` });
    const [account] = await t.ctx.db.select().from(users).where(eq(users.email, 'buyer@example.com'));
    expect(await epay.pay(order.orderId, { times: 4 })).toEqual(['success', 'success', 'success', 'success']);
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, account!.id));
    expect(after!.balance).toBe(100 + 20 * 140_000);
    expect(await (await view(order.orderId, order.cookie)).json()).toMatchObject({ purpose: 'credits', paid: true, balance: 100 + 20 * 140_000 });
    const key = await mintKey(t.ctx.db, { quota: 1 });
    const asKey = await fetch(`${url}/api/orders/credits`, { method: 'POST', headers: key.headers, body: JSON.stringify(choice('credits-2')) });
    expect(asKey.status).toBe(403);
  });

  it('refuses a price no pack has, a method not offered, and a malformed body', async () => {
    const post = (body: unknown) => fetch(`${url}/api/orders/key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post({ ...choice('bad-1'), price: 21 })).status).toBe(400);
    expect((await post({ ...choice('bad-2'), type: 3 })).status).toBe(400);
    expect((await post({ ...choice('bad-3'), apikey: 'sk-short' })).status).toBe(400);
  });
});
