import { userSchema } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../../test-support/databases.ts';
import type { Database } from '../../db/client.ts';
import { createUserAccount } from './user-admin.ts';
import { presentUser } from '../../presenters/present-user.ts';
import { SocialEmailConflictError, findOrCreateSocialUser } from './user-service.ts';

describe.each(testDatabaseKinds)('social accounts on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  const github = (overrides: Partial<Parameters<typeof findOrCreateSocialUser>[1]> = {}) => ({
    provider: 'github',
    providerId: '1001',
    email: 'octo@example.com',
    name: 'Octo Cat',
    avatar: 'https://avatars.example.com/octo.png',
    emailVerified: true,
    ...overrides,
  });

  it('creates an account on first sight (the first one of the instance is the admin)', async () => {
    const row = await findOrCreateSocialUser(database.db, github());
    expect(row).toMatchObject({ provider: 'github', providerId: '1001', email: 'octo@example.com', role: 'admin', passwordHash: null });
  });

  it('finds the same account by provider identity even after the address changed upstream', async () => {
    const first = await findOrCreateSocialUser(database.db, github());
    const again = await findOrCreateSocialUser(database.db, github({ email: 'new-octo@example.com' }));
    expect(again.id).toBe(first.id);
  });

  it('links a verified address to the existing local account, keeping its password', async () => {
    const local = await createUserAccount(database.db, { email: 'Linus@Example.com', name: 'Linus', password: 'local-password' });
    const linked = await findOrCreateSocialUser(
      database.db,
      github({ provider: 'google', providerId: 'g-77', email: 'linus@example.com', name: 'Linus G' }),
    );
    expect(linked).toMatchObject({ id: local.id, provider: 'google', providerId: 'g-77', role: 'user', emailVerified: true });
    expect(linked.passwordHash).toBe(local.passwordHash);
  });

  it('refuses to hand an existing account to an unverified address', async () => {
    await createUserAccount(database.db, { email: 'victim@example.com', name: 'Victim', password: 'victim-password' });
    await expect(
      findOrCreateSocialUser(database.db, github({ provider: 'discord', providerId: 'd-1', email: 'victim@example.com', emailVerified: false })),
    ).rejects.toBeInstanceOf(SocialEmailConflictError);
  });

  it('presents only the public user fields', async () => {
    const row = await findOrCreateSocialUser(database.db, github({ providerId: '2002', email: 'shown@example.com' }));
    const user = presentUser(row);
    expect(userSchema.strict().parse(user)).toEqual(user);
    expect(user).not.toHaveProperty('passwordHash');
    expect(user).not.toHaveProperty('providerId');
    expect(user.createdAt).toBe(row.createdAt.toISOString());
  });
});
