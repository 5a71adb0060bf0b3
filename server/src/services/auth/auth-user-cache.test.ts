import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../../test-support/databases.ts';
import type { Database } from '../../db/client.ts';
import { banUser, createUserAccount, deleteUser } from '../users/user-admin.ts';
import { isBanned } from '../users/user-service.ts';
import { createAuthUserCache } from './auth-user-cache.ts';

describe.each(testDatabaseKinds)('auth user cache on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('reuses a row within the TTL and sees a ban made elsewhere once it lapses', async () => {
    const row = await createUserAccount(database.db, { email: 'cached@example.com', name: 'Cached', password: 'cached-password' });
    let clock = 1_000;
    const cache = createAuthUserCache(database.db, 2000, () => clock);
    expect(isBanned((await cache.find(row.id))!)).toBe(false);
    await banUser(database.db, 'cached@example.com', 5);
    clock += 1999;
    expect(isBanned((await cache.find(row.id))!)).toBe(false);
    clock += 1;
    expect(isBanned((await cache.find(row.id))!)).toBe(true);
  });

  it('forgets a deleted user once the TTL lapses and never caches a missing one', async () => {
    const row = await createUserAccount(database.db, { email: 'gone-later@example.com', name: 'Gone', password: 'gone-password' });
    let clock = 0;
    const cache = createAuthUserCache(database.db, 2000, () => clock);
    expect(await cache.find(row.id)).toBeDefined();
    await deleteUser(database.db, 'gone-later@example.com');
    clock += 2000;
    expect(await cache.find(row.id)).toBeUndefined();
    expect(await cache.find('no-such-user')).toBeUndefined();
  });
});
