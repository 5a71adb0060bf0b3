import type { LoginInput, RegisterInput } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../app/errors.ts';
import { isUniqueViolation } from '../users/unique-violation.ts';
import { findUserByEmail, isBanned, roleForNewUser, type UserRow } from '../users/user-service.ts';

/** Creates a local account; the address is unique case-insensitively (the index decides races). */
export async function registerUser(ctx: Pick<AppContext, 'db' | 'passwords' | 'env'>, input: RegisterInput): Promise<UserRow> {
  const { db } = ctx;
  if (await findUserByEmail(db, input.email)) throw new AppError('email_taken');
  const passwordHash = await ctx.passwords.hash(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        name: input.name,
        username: input.username || null,
        email: input.email,
        passwordHash,
        provider: 'local',
        role: await roleForNewUser(db, input.email, ctx.env.ADMIN_EMAILS),
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('email_taken');
    throw error;
  }
}

/**
 * Checks email and password. Unknown address and wrong password give the same answer in
 * comparable time; the ban is revealed only to someone who knows the password.
 */
export async function verifyCredentials(ctx: Pick<AppContext, 'db' | 'passwords'>, input: LoginInput): Promise<UserRow> {
  const row = await findUserByEmail(ctx.db, input.email);
  const matches = await ctx.passwords.verify(row?.passwordHash, input.password);
  if (!row || !matches) throw new AppError('invalid_credentials');
  if (isBanned(row)) throw new AppError('banned');
  return row;
}
