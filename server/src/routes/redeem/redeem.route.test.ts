import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys, redemptionCodes, usageLedger } from '../../db/schema.ts';
import { createCodeBatch } from '../../services/codes/redemption-code-store.ts';
import { redeemCode } from '../../services/codes/redeem-code.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

describe.each(testDatabaseKinds)('redemption codes on %s', (kind) => {
  let t: TestApp;
  let ip = 0;
  /** Each call from its own address unless one is given, so the guessing limits of one test never touch another's. */
  const redeem = (body: unknown, remoteAddress = `10.0.0.${++ip}`) => t.app.inject({ method: 'POST', url: '/api/redeem', payload: body as object, remoteAddress });
  const quotaOf = async (keyId: string) => (await t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, keyId)))[0]!.quota;

  beforeAll(async () => {
    t = await createTestApp(kind, { ACCESS_MODE: 'keys' });
  });
  afterAll(() => t.close());

  it('tops up the key presented once; the code is stored hashed and a second try is refused', async () => {
    const key = await mintKey(t.ctx.db, { quota: 5 });
    const { codes, batchId } = await createCodeBatch(t.ctx.db, { count: 2, kind: 'topup', quota: 100 });
    expect(codes[0]!.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
    const stored = await t.ctx.db.select().from(redemptionCodes).where(eq(redemptionCodes.batchId, batchId));
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.code.replace(/-/g, ''));
    // Typed in lower case with spaces, as people do.
    const typed = ` ${codes[0]!.code.toLowerCase().replace(/-/g, ' ')} `;
    const first = await redeem({ code: typed, apikey: key.key });
    expect(first.json()).toEqual({ kind: 'topup', added: 100, quota: 105 });
    expect((await redeem({ code: codes[0]!.code, apikey: key.key })).json()).toMatchObject({ error: 'invalid_code', status: 400 });
    expect(await quotaOf(key.row.id)).toBe(105);
    const ledger = await t.ctx.db.select().from(usageLedger).where(eq(usageLedger.accessKeyId, key.row.id));
    expect(ledger.filter((r) => r.kind === 'redeem').map((r) => r.amount)).toEqual([100]);
    const [row] = await t.ctx.db.select().from(redemptionCodes).where(eq(redemptionCodes.prefix, codes[0]!.prefix));
    expect(row).toMatchObject({ status: 'redeemed', redeemedKeyId: key.row.id });
  });

  it('leaves a top-up code unused when no valid key comes with it', async () => {
    const { codes } = await createCodeBatch(t.ctx.db, { count: 1, kind: 'topup', quota: 100 });
    expect((await redeem({ code: codes[0]!.code })).json()).toMatchObject({ error: 'invalid_api_key' });
    expect((await redeem({ code: codes[0]!.code, apikey: `sk-${'Q'.repeat(48)}` })).json()).toMatchObject({ error: 'invalid_api_key' });
    const [row] = await t.ctx.db.select().from(redemptionCodes).where(eq(redemptionCodes.prefix, codes[0]!.prefix));
    expect(row!.status).toBe('unused');
  });

  it('makes a new key with the code’s quota and lifetime, shown once', async () => {
    const { codes } = await createCodeBatch(t.ctx.db, { count: 1, kind: 'new-key', quota: 300, keyDays: 30 });
    const answer = (await redeem({ code: codes[0]!.code })).json();
    expect(answer).toMatchObject({ kind: 'new-key', quota: 300 });
    expect(answer.key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
    const days = (Date.parse(answer.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect((await t.app.inject({ method: 'POST', url: '/api/ask/usage/getusage', payload: { password: 'p', apikey: answer.key } })).json()).toEqual({ usage: 300 });
  });

  it('refuses an expired or disabled code', async () => {
    const past = new Date(Date.now() - 2 * 86_400_000);
    const { codes } = await createCodeBatch(t.ctx.db, { count: 2, kind: 'new-key', quota: 1, validDays: 1 }, past);
    expect((await redeem({ code: codes[0]!.code })).json()).toMatchObject({ error: 'invalid_code' });
    const live = await createCodeBatch(t.ctx.db, { count: 1, kind: 'new-key', quota: 1 });
    await t.ctx.db.update(redemptionCodes).set({ status: 'disabled' }).where(eq(redemptionCodes.batchId, live.batchId));
    expect((await redeem({ code: live.codes[0]!.code })).json()).toMatchObject({ error: 'invalid_code' });
  });

  it('redeems one code exactly once when 20 redemptions race', async () => {
    const key = await mintKey(t.ctx.db, { quota: 0 });
    const { codes } = await createCodeBatch(t.ctx.db, { count: 1, kind: 'topup', quota: 50 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => redeemCode(t.ctx.db, { code: codes[0]!.code, apikey: key.key })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(19).fill('invalid_code'));
    expect(await quotaOf(key.row.id)).toBe(50);
    const newKeys = await createCodeBatch(t.ctx.db, { count: 1, kind: 'new-key', quota: 7 });
    const made = await Promise.allSettled(Array.from({ length: 20 }, () => redeemCode(t.ctx.db, { code: newKeys.codes[0]!.code })));
    expect(made.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('bans an address after ten wrong guesses, then refuses even a right code from it', async () => {
    const guesser = '10.9.9.9';
    const { codes } = await createCodeBatch(t.ctx.db, { count: 1, kind: 'new-key', quota: 1 });
    for (let i = 0; i < 10; i++) expect((await redeem({ code: `AAAAA-AAAAA-AAAAA-AAAA${i}` }, guesser)).statusCode).toBe(400);
    const refused = await redeem({ code: codes[0]!.code }, guesser);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'banned' });
    expect((await redeem({ code: codes[0]!.code })).statusCode).toBe(200);
  });

  it('answers a malformed body with a validation error', async () => {
    expect((await redeem({ code: 5 })).statusCode).toBe(400);
    expect((await redeem({ code: 'x'.repeat(101) })).statusCode).toBe(400);
  });
});
