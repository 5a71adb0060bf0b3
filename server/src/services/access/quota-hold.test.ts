import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { holdCall, type Call } from './quota-hold.ts';

const call: Call = { endpoint: 'openAI', model: 'gpt-4o', conversationId: 'c1', messageId: 'm1', promptText: () => 'hi' };

describe('holding a call on a key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ACCESS_MODE: 'keys' });
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses a key that expired or was revoked after the request was authenticated, as key_expired, taking nothing', async () => {
    for (const change of [{ expiresAt: new Date(Date.now() - 1000) }, { status: 'revoked' as const }]) {
      const key = await mintKey(t.ctx.db, { quota: 50 });
      await t.ctx.db.update(accessKeys).set(change).where(eq(accessKeys.id, key.row.id));
      const held = await holdCall(t.ctx, { kind: 'key', userId: key.row.userId!, keyId: key.row.id }, call);
      expect(held.ok).toBe(false);
      expect(JSON.parse((held as { errorText: string }).errorText)).toMatchObject({ type: 'insufficient_quota', reason: 'key_expired' });
      const [row] = await t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, key.row.id));
      expect(row).toMatchObject({ quota: 50, used: 0 });
    }
  });

  it('settles a hold once: a second settle neither charges nor refunds again', async () => {
    const key = await mintKey(t.ctx.db, { quota: 10 });
    const held = await holdCall(t.ctx, { kind: 'key', userId: key.row.userId!, keyId: key.row.id }, call);
    if (!held.ok) throw new Error(held.errorText);
    await held.hold.settle({ served: false });
    await held.hold.settle({ served: false });
    const [row] = await t.ctx.db.select().from(accessKeys).where(eq(accessKeys.id, key.row.id));
    expect(row).toMatchObject({ quota: 10, used: 0 });
  });
});
