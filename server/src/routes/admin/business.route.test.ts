import type { AdminCode, AdminKey, AdminOrder, AdminPage, AdminSettingsResponse, AdminUsageRecord, AuditEntry, CreatedCodes, CreatedKeys } from '@parley/core';
import { freePort, startEpayFake, type EpayFake } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageRecords } from '../../db/schema.ts';
import { callAdmin, signUpAccount, type CallerHeaders } from '../../test-support/admin-callers.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

describe.each(testDatabaseKinds)('the console’s Keys, Codes, Orders, Usage and Models and prices on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let epay: EpayFake;
  let admin: Awaited<ReturnType<typeof signUpAccount>>;
  const ip = '192.0.2.88';
  const as = (headers: CallerHeaders, method: string, path: string, payload?: unknown) => callAdmin(t.app, headers, method, path, payload, ip);
  const lastAudit = async (action: string) => (await as(admin.headers, 'GET', `/api/admin/audit?action=${action}`)).json<AdminPage<AuditEntry>>().items[0];

  beforeAll(async () => {
    epay = await startEpayFake();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    t = await createTestApp(kind, { ACCESS_MODE: 'both', PUBLIC_URL: url, ...epay.env });
    await t.app.listen({ port, host: '127.0.0.1' });
    admin = await signUpAccount(t.ctx, { admin: true, email: `owner-${kind}@example.com` });
  });
  afterAll(async () => {
    await t.close();
    await epay.close();
  });

  it('makes a batch of keys shown once, finds them by note and state, adds quota, extends and revokes, each audited', async () => {
    const made = await as(admin.headers, 'POST', '/api/admin/keys', { count: 3, quota: 50, days: 10, note: `card shop ${kind}`, models: ['gpt-4o-mini'], rpm: 30 });
    expect(made.statusCode).toBe(200);
    const { keys } = made.json<CreatedKeys>();
    expect(keys).toHaveLength(3);
    expect(keys[0]!.key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
    const page = (await as(admin.headers, 'GET', `/api/admin/keys?q=${encodeURIComponent(`card shop ${kind}`)}&state=active`)).json<AdminPage<AdminKey>>();
    expect(page.total).toBe(3);
    expect(JSON.stringify(page)).not.toContain(keys[0]!.key);
    expect(page.items[0]).toMatchObject({ quota: 50, models: ['gpt-4o-mini'], rpm: 30, state: 'active' });
    const created = await lastAudit('key.create');
    expect(JSON.stringify(created)).not.toContain(keys[0]!.key.slice(7));
    const id = keys[0]!.id;
    expect((await as(admin.headers, 'POST', `/api/admin/keys/${id}/quota`, { amount: 25 })).json<AdminKey>().quota).toBe(75);
    expect((await lastAudit('key.add-quota'))!).toMatchObject({ before: { quota: 50 }, after: { quota: 75 } });
    const extended = (await as(admin.headers, 'POST', `/api/admin/keys/${id}/extend`, { days: 5 })).json<AdminKey>();
    expect(Date.parse(extended.expiresAt!) - Date.parse(keys[0]!.expiresAt!)).toBe(5 * 86_400_000);
    expect((await as(admin.headers, 'POST', `/api/admin/keys/${id}/revoke`)).json<AdminKey>().state).toBe('revoked');
    expect((await as(admin.headers, 'GET', '/api/admin/keys?state=revoked')).json<AdminPage<AdminKey>>().items.map((k) => k.id)).toContain(id);
    expect((await as(admin.headers, 'GET', '/api/admin/keys?quotaAtMost=50&q=card')).json<AdminPage<AdminKey>>().items.every((k) => k.quota <= 50)).toBe(true);
    expect((await as(admin.headers, 'POST', '/api/admin/keys', { count: 501, quota: 1 })).statusCode).toBe(400);
    expect((await as(admin.headers, 'POST', `/api/admin/keys/nope/quota`, { amount: 1 })).statusCode).toBe(404);
  });

  it('makes a batch of codes shown once, lists them with their state after one is redeemed, and disables one', async () => {
    const made = (await as(admin.headers, 'POST', '/api/admin/codes', { count: 2, kind: 'new-key', quota: 30, validDays: 7, note: `promo ${kind}` })).json<CreatedCodes>();
    expect(made.codes).toHaveLength(2);
    const redeemed = await t.app.inject({ method: 'POST', url: '/api/redeem', payload: { code: made.codes[0]!.code } });
    expect(redeemed.json()).toMatchObject({ kind: 'new-key', quota: 30 });
    const list = (await as(admin.headers, 'GET', `/api/admin/codes?q=${encodeURIComponent(`promo ${kind}`)}`)).json<AdminPage<AdminCode>>();
    expect(list.items.map((c) => c.state).sort()).toEqual(['redeemed', 'unused']);
    expect(list.items.find((c) => c.state === 'redeemed')!.redeemedKeyPrefix).toBe(redeemed.json().key.slice(0, 7));
    expect(JSON.stringify(list)).not.toContain(made.codes[1]!.code);
    const unused = list.items.find((c) => c.state === 'unused')!;
    expect((await as(admin.headers, 'POST', `/api/admin/codes/${unused.id}/disable`)).json<AdminCode>().state).toBe('disabled');
    expect((await t.app.inject({ method: 'POST', url: '/api/redeem', payload: { code: made.codes[1]!.code } })).json()).toMatchObject({ error: 'invalid_code' });
    expect(await lastAudit('code.disable')).toMatchObject({ target: unused.prefix, before: { status: 'unused' }, after: { status: 'disabled' } });
  });

  it('lists orders, refunds a credited one with a reason, and re-queries a pending one the gateway says is paid', async () => {
    const key = await mintKey(t.ctx.db, { quota: 0 });
    const order = async () => {
      const created = await t.app.inject({ method: 'POST', url: '/api/ask/usage/createorder', payload: { password: 'p', apikey: key.key, payId: `${Math.random()}`, type: 2, price: 20, returnUrl: `${url}/` } });
      const orderId = created.json<{ data: { orderId: string } }>().data.orderId;
      await fetch((await t.app.inject({ method: 'GET', url: `/pay/${orderId}` })).headers.location as string);
      return orderId;
    };
    const paid = await order();
    await epay.pay(paid);
    const pending = await order();
    const list = (await as(admin.headers, 'GET', `/api/admin/orders?q=${key.row.prefix}`)).json<AdminPage<AdminOrder>>();
    expect(list.items.map((o) => [o.id, o.status, o.priceFen])).toEqual([
      [pending, 'pending', 2000],
      [paid, 'credited', 2000],
    ]);
    expect((await as(admin.headers, 'POST', `/api/admin/orders/${paid}/refund`, { reason: '' })).statusCode).toBe(400);
    const refunded = (await as(admin.headers, 'POST', `/api/admin/orders/${paid}/refund`, { reason: 'asked by buyer' })).json<AdminOrder>();
    expect(refunded).toMatchObject({ status: 'refunded', refundedQuota: 1000, refundReason: 'asked by buyer' });
    expect((await as(admin.headers, 'POST', `/api/admin/orders/${paid}/refund`, { reason: 'again' })).statusCode).toBe(400);
    expect(await lastAudit('order.refund')).toMatchObject({ target: paid, before: { status: 'credited' }, after: { status: 'refunded', refundedQuota: 1000 } });
    epay.payWithoutNotice(pending);
    const requery = (await as(admin.headers, 'POST', `/api/admin/orders/${pending}/requery`)).json();
    expect(requery).toMatchObject({ outcome: 'credited', order: { status: 'credited' } });
    expect((await as(admin.headers, 'GET', '/api/admin/orders?status=credited')).json<AdminPage<AdminOrder>>().items.map((o) => o.id)).toContain(pending);
  });

  it('filters usage records by key, model and status, and exports them as CSV', async () => {
    const key = await mintKey(t.ctx.db, { quota: 0 });
    await t.ctx.db.insert(usageRecords).values([
      { userId: key.row.userId, accessKeyId: key.row.id, dialect: 'web', model: 'gpt-4o', channel: 'main', charged: 10, unit: 'quota', totalMs: 900, status: 'ok', clientIp: '198.51.100.1' },
      { userId: key.row.userId, accessKeyId: key.row.id, dialect: 'openai-chat', model: 'gpt-4o-mini', charged: 0, unit: 'quota', totalMs: 100, status: 'error', errorCode: 'upstream_error' },
    ]);
    const page = (await as(admin.headers, 'GET', `/api/admin/usage?key=${key.row.prefix}&status=ok`)).json<AdminPage<AdminUsageRecord>>();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ model: 'gpt-4o', keyPrefix: key.row.prefix, channel: 'main', charged: 10 });
    const csv = await as(admin.headers, 'GET', `/api/admin/usage?key=${key.row.prefix}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('createdAt,keyPrefix,accountEmail');
    expect(lines).toHaveLength(3);
    expect((await as(admin.headers, 'GET', '/api/admin/usage?from=yesterday')).statusCode).toBe(400);
  });

  it('changes a price and the packs: /api/config and the next order use them at once, and null returns to the default', async () => {
    const before = (await as(admin.headers, 'GET', '/api/admin/settings')).json<AdminSettingsResponse>();
    expect(before.settings).toEqual({});
    expect(before.defaults.topUpPacks).toEqual([{ quota: 1000, priceFen: 2000 }, { quota: 3000, priceFen: 5000 }]);
    const changed = await as(admin.headers, 'PUT', '/api/admin/settings', { topUpPacks: [{ quota: 700, priceFen: 990 }], callCosts: { 'gpt-4o': 3 }, announcement: 'Half price this week' });
    expect(changed.statusCode).toBe(200);
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config).toMatchObject({ topUpPacks: [{ quota: 700, price: 9.9 }], announcement: 'Half price this week' });
    const key = await mintKey(t.ctx.db, { quota: 0 });
    const order = await t.app.inject({ method: 'POST', url: '/api/ask/usage/createorder', payload: { password: 'p', apikey: key.key, payId: 'p1', type: 1, price: 9.9, returnUrl: `${url}/` } });
    expect(order.json()).toMatchObject({ code: 1 });
    expect(await lastAudit('model.update')).toMatchObject({ before: { topUpPacks: null }, after: { topUpPacks: [{ quota: 700, priceFen: 990 }] } });
    expect((await as(admin.headers, 'PUT', '/api/admin/settings', { topUpPacks: [] })).statusCode).toBe(400);
    await as(admin.headers, 'PUT', '/api/admin/settings', { topUpPacks: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().topUpPacks).toEqual([{ quota: 1000, price: 20 }, { quota: 3000, price: 50 }]);
  });
});
