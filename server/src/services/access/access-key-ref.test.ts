import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeys } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { resolveKeyRef } from './access-key-ref.ts';
import { createAccessKey } from './access-key-store.ts';

describe.each(testDatabaseKinds)('naming a key to key:revoke or key:add-quota on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ACCESS_MODE: 'keys' });
  });
  afterAll(() => t.close());

  it('takes the whole key, or exactly its display prefix while no other key shares it', async () => {
    const { key, row } = await createAccessKey(t.ctx.db, { quota: 1 });
    expect((await resolveKeyRef(t.ctx.db, key)).id).toBe(row.id);
    expect((await resolveKeyRef(t.ctx.db, key.slice(0, 7))).id).toBe(row.id);
  });

  it('refuses a reference longer than the prefix but short of the whole key, instead of matching its first 7 characters', async () => {
    const { key } = await createAccessKey(t.ctx.db, { quota: 1 });
    const wrongTail = `${key.slice(0, 7)}${key[7] === 'A' ? 'B' : 'A'}`;
    await expect(resolveKeyRef(t.ctx.db, wrongTail)).rejects.toThrow(`${wrongTail} is neither a whole key nor a 7-character prefix as key:list shows it; 1 key has the prefix ${key.slice(0, 7)}`);
    await expect(resolveKeyRef(t.ctx.db, key.slice(0, 20))).rejects.toThrow(/neither a whole key/);
    await expect(resolveKeyRef(t.ctx.db, key.slice(0, 5))).rejects.toThrow(/neither a whole key/);
    // A whole-looking key we never issued is not matched by its prefix either.
    await expect(resolveKeyRef(t.ctx.db, `${key.slice(0, 7)}${'Z'.repeat(44)}`)).rejects.toThrow('No such key');
  });

  it('refuses a display prefix two keys share, naming how many', async () => {
    const first = await createAccessKey(t.ctx.db, { quota: 1 });
    const second = await createAccessKey(t.ctx.db, { quota: 1 });
    await t.ctx.db.update(accessKeys).set({ prefix: first.row.prefix }).where(eq(accessKeys.id, second.row.id));
    await expect(resolveKeyRef(t.ctx.db, first.row.prefix)).rejects.toThrow(`2 keys have the prefix ${first.row.prefix}; give the whole key`);
    expect((await resolveKeyRef(t.ctx.db, second.key)).id).toBe(second.row.id);
    await expect(resolveKeyRef(t.ctx.db, 'sk-zzzz')).rejects.toThrow('No key has the prefix sk-zzzz');
  });
});
