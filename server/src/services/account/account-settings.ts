import type { ChangePasswordBody } from '@parley/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { users } from '../../db/schema.ts';
import { revokeUserSessions } from '../sessions/session-service.ts';
import { findUserById, type UserRow } from '../users/user-service.ts';

type Ctx = Pick<AppContext, 'db' | 'passwords' | 'authUsers'>;

/** The signed-in account's row; an access key's or visitor's owner row is not an account and has none of these settings. */
export async function requireAccountRow(ctx: Pick<AppContext, 'db'>, userId: string): Promise<UserRow> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw new AppError('unauthorized');
  return row;
}

export async function renameAccount(ctx: Ctx, userId: string, name: string): Promise<UserRow> {
  const [row] = await ctx.db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  if (!row) throw new AppError('unauthorized');
  ctx.authUsers.forget(userId);
  return row;
}

/**
 * Changes the password once the current one is given. Every login of the account ends (its
 * sessions revoked, its access tokens' version moved on); the caller signs this device in afresh.
 * An account made through a social provider has no password to change.
 */
export async function changePassword(ctx: Ctx, userId: string, input: ChangePasswordBody): Promise<UserRow> {
  const row = await requireAccountRow(ctx, userId);
  if (!row.passwordHash) throw new AppError('forbidden', 'This account signs in with a provider and has no password.');
  if (!(await ctx.passwords.verify(row.passwordHash, input.currentPassword))) throw new AppError('wrong_password');
  const passwordHash = await ctx.passwords.hash(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await revokeUserSessions(tx, userId);
  });
  ctx.authUsers.forget(userId);
  // Read again: the new session version is the one a fresh token must carry.
  return requireAccountRow(ctx, userId);
}

/** Ends every login of the account, this one included: each device must sign in again. */
export async function signOutEverywhere(ctx: Pick<AppContext, 'db' | 'authUsers'>, userId: string): Promise<void> {
  await revokeUserSessions(ctx.db, userId);
  ctx.authUsers.forget(userId);
}
