import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys, usageLedger } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { runAdminCommand } from '../users/admin-commands.ts';
import { findUserByEmail } from '../users/user-service.ts';
import { readTokenBalance } from './token-balance.ts';

const MAX = Number.MAX_SAFE_INTEGER;

describe.each(testDatabaseKinds)('key and balance commands keep amounts exact on %s', (kind) => {
  let t: TestApp;
  const run = (...argv: string[]) => runAdminCommand(t.ctx.db, argv, { startBalance: 20_000 });
  const keyOf = async (created: string) => {
    const prefix = created.split('\n').at(-1)!.slice(0, 7);
    return (await t.ctx.db.select().from(accessKeys).where(eq(accessKeys.prefix, prefix)))[0]!;
  };
  const ledgerOf = (keyId: string) => t.ctx.db.select().from(usageLedger).where(eq(usageLedger.accessKeyId, keyId));

  beforeAll(async () => {
    t = await createTestApp(kind, { ACCESS_MODE: 'keys' });
  });
  afterAll(() => t.close());

  it('refuses key:add-quota past 2^53 - 1, whole, and keeps the quota and ledger as they were', async () => {
    const created = await run('key:create', '--quota', String(MAX - 10));
    const key = await keyOf(created);
    await expect(run('key:add-quota', key.prefix, '11')).rejects.toThrow(`Adding 11 to the key's quota of ${MAX - 10} would pass the largest amount kept exactly (${MAX}); nothing was added`);
    await expect(run('key:add-quota', key.prefix, String(MAX))).rejects.toThrow(/would pass the largest amount/);
    await expect(run('key:add-quota', key.prefix, '9007199254740993')).rejects.toThrow(/must be a whole number/);
    expect((await keyOf(created)).quota).toBe(MAX - 10);
    expect((await ledgerOf(key.id)).map((r) => r.kind)).toEqual(['credit']);
    expect(await run('key:add-quota', key.prefix, '10')).toContain(`it now has ${MAX}`);
    expect((await keyOf(created)).quota).toBe(MAX);
    await expect(run('key:add-quota', key.prefix, '1')).rejects.toThrow(/nothing was added/);
    await expect(run('key:create', '--quota', '9007199254740992')).rejects.toThrow(/must be a whole number/);
  });

  it('refuses user:add-balance past 2^53 - 1 and keeps the balance', async () => {
    await run('user:create', '--email', 'rich@example.com', '--name', 'Rich', '--password', 'correct horse battery');
    const user = (await findUserByEmail(t.ctx.db, 'rich@example.com'))!;
    expect(await run('user:add-balance', '--email', 'rich@example.com', String(MAX - 20_000))).toContain(`the balance is now ${MAX}`);
    await expect(run('user:add-balance', '--email', 'rich@example.com', '1')).rejects.toThrow(`Adding 1 to the balance of ${MAX} would pass`);
    expect(await readTokenBalance(t.ctx.db, user.id, 20_000)).toBe(MAX);
  });

  it('mints a key limited to the models named by --models, and lists them', async () => {
    const created = await run('key:create', '--quota', '5', '--models', 'gpt-4o-mini, gpt-4o ,gpt-4o-mini');
    expect(created).toContain('only for gpt-4o-mini, gpt-4o');
    expect((await keyOf(created)).models).toEqual(['gpt-4o-mini', 'gpt-4o']);
    expect(await run('key:list')).toContain(`\tgpt-4o-mini,gpt-4o\t`);
    await expect(run('key:create', '--quota', '5', '--models', ' , ')).rejects.toThrow(/--models takes 1 to 100 model ids/);
    await expect(run('key:create', '--quota', '5', '--models', 'x'.repeat(201))).rejects.toThrow(/is not one/);
  });

  it('mints a batch with --count (capped), and extends a key from its expiry or from now', async () => {
    const created = await run('key:create', '--quota', '7', '--days', '1', '--count', '3', '--note', 'shop batch');
    const keys = created.split('\n').slice(1);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
    await expect(run('key:create', '--quota', '1', '--count', '501')).rejects.toThrow('--count is at most 500');
    const key = await keyOf(created);
    const before = key.expiresAt!.getTime();
    expect(await run('key:extend', key.prefix, '30')).toContain('now expires');
    const [after] = await t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, key.id));
    expect(after!.expiresAt!.getTime() - before).toBe(30 * 86_400_000);
  });
});
