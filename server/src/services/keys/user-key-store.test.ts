import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { userKeys } from '../../db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test-support/databases.ts';
import { createUserAccount } from '../users/user-admin.ts';
import { startKeySweeper } from './key-sweeper.ts';
import { deleteUserKeys, readUserKey, storeUserKey, sweepExpiredKeys, userKeyExpiry } from './user-key-store.ts';

const credsKey = 'c'.repeat(64);
const at = (msFromNow: number) => new Date(Date.now() + msFromNow);

describe.each(testDatabaseKinds)('user key store on %s', (kind) => {
  let database: Database;
  let alice: string;
  let bob: string;
  const user = async (name: string) =>
    (await createUserAccount(database.db, { name, email: `${name}-${kind}@example.com`, password: 'correct horse' })).id;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    [alice, bob] = [await user('alice'), await user('bobby')];
  });
  afterAll(() => database.close());

  it('refuses an expired key at use and deletes it there and then', async () => {
    await storeUserKey(database.db, credsKey, { userId: alice, endpoint: 'openAI', value: 'sk-soon-gone', expiresAt: at(1000) });
    expect(await readUserKey(database.db, credsKey, alice, 'openAI')).toBe('sk-soon-gone');
    const later = at(2000);
    expect(await readUserKey(database.db, credsKey, alice, 'openAI', later)).toBeUndefined();
    expect(await userKeyExpiry(database.db, alice, 'openAI', later)).toBeUndefined();
    expect(await database.db.select().from(userKeys).where(eq(userKeys.userId, alice))).toEqual([]);
  });

  it('hides an expired key from the status query even before it is swept', async () => {
    await storeUserKey(database.db, credsKey, { userId: alice, endpoint: 'anthropic', value: 'sk-a', expiresAt: at(1000) });
    expect(await userKeyExpiry(database.db, alice, 'anthropic')).toBeInstanceOf(Date);
    expect(await userKeyExpiry(database.db, alice, 'anthropic', at(5000))).toBeUndefined();
  });

  it('sweeps every expired key of every user and keeps the live ones', async () => {
    await storeUserKey(database.db, credsKey, { userId: alice, endpoint: 'google', value: 'g', expiresAt: at(1000) });
    await storeUserKey(database.db, credsKey, { userId: bob, endpoint: 'google', value: 'g', expiresAt: at(1000) });
    await storeUserKey(database.db, credsKey, { userId: bob, endpoint: 'openAI', value: 'sk-live', expiresAt: at(3_600_000) });
    expect(await sweepExpiredKeys(database.db, at(10_000))).toBe(3);
    const left = await database.db.select({ userId: userKeys.userId, endpoint: userKeys.endpoint }).from(userKeys);
    expect(left).toEqual([{ userId: bob, endpoint: 'openAI' }]);
    expect(await readUserKey(database.db, credsKey, bob, 'openAI')).toBe('sk-live');
  });

  it('runs the sweep on a timer until stopped', async () => {
    await database.db.insert(userKeys).values({ userId: alice, endpoint: 'deepSeek', ciphertext: 'x', expiresAt: at(-1000) });
    const swept: number[] = [];
    const stop = startKeySweeper(database.db, { intervalMs: 20, onSwept: (n) => swept.push(n) });
    try {
      await vi.waitFor(() => expect(swept).toEqual([1]), { timeout: 2000, interval: 20 });
    } finally {
      stop();
    }
    expect(await database.db.select().from(userKeys).where(eq(userKeys.userId, alice))).toEqual([]);
  });

  it('cannot read a sealed key moved onto another user or sealed under another CREDS_KEY', async () => {
    await storeUserKey(database.db, credsKey, { userId: alice, endpoint: 'grok', value: 'xai-alice', expiresAt: at(60_000) });
    const [row] = await database.db.select().from(userKeys).where(eq(userKeys.userId, alice));
    await database.db.insert(userKeys).values({ userId: bob, endpoint: 'grok', ciphertext: row!.ciphertext, expiresAt: row!.expiresAt });
    expect(await readUserKey(database.db, credsKey, bob, 'grok')).toBeUndefined();
    expect(await readUserKey(database.db, 'd'.repeat(64), alice, 'grok')).toBeUndefined();
    expect(await readUserKey(database.db, credsKey, alice, 'grok')).toBe('xai-alice');
  });

  it('deletes one endpoint or all of one user’s keys, never another user’s', async () => {
    await storeUserKey(database.db, credsKey, { userId: alice, endpoint: 'openAI', value: 'a1', expiresAt: at(60_000) });
    expect(await deleteUserKeys(database.db, alice, 'openAI')).toBe(1);
    expect(await deleteUserKeys(database.db, alice)).toBe(1);
    expect(await readUserKey(database.db, credsKey, bob, 'openAI')).toBe('sk-live');
  });
});
