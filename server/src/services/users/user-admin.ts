import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../passwords/password-hasher.ts';
import { endAccessTokens, revokeUserSessions } from '../sessions/session-service.ts';
import { isUniqueViolation } from './unique-violation.ts';
import { findUserByEmail, isAccount, type UserRow } from './user-service.ts';

/** Operator actions behind `src/cli.ts`; each names the account by email. */

export class AdminError extends Error {}

/** A ban with no length lasts until lifted: a hundred years is "forever" for a timestamp column. */
const FOREVER_MS = 100 * 365 * 24 * 60 * 60 * 1000;

export async function requireUserByEmail(db: Db, email: string): Promise<UserRow> {
  const row = await findUserByEmail(db, email);
  if (!row) throw new AdminError(`No user with email ${email}`);
  return row;
}

export async function createUserAccount(
  db: Db,
  input: { email: string; name: string; password: string; admin?: boolean },
): Promise<UserRow> {
  try {
    const [row] = await db
      .insert(users)
      .values({
        email: input.email.trim(),
        name: input.name,
        passwordHash: await hashPassword(input.password),
        role: input.admin ? 'admin' : 'user',
        // The operator vouches for the address they typed.
        emailVerified: true,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AdminError(`A user with email ${input.email} already exists`);
    throw error;
  }
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.select().from(users).where(isAccount).orderBy(asc(users.createdAt));
}

/**
 * A ban ends the user's access tokens (their session version moves on) and every refresh is
 * refused; `authenticate` sees it within AUTH_USER_TTL_MS, in this process or any other.
 */
export async function banUser(db: Db, email: string, minutes?: number, now = new Date()): Promise<Date> {
  const row = await requireUserByEmail(db, email);
  const until = new Date(now.getTime() + (minutes === undefined ? FOREVER_MS : minutes * 60_000));
  await db.update(users).set({ bannedUntil: until, updatedAt: now }).where(eq(users.id, row.id));
  await endAccessTokens(db, row.id);
  return until;
}

export async function unbanUser(db: Db, email: string): Promise<void> {
  const row = await requireUserByEmail(db, email);
  await db.update(users).set({ bannedUntil: null, updatedAt: new Date() }).where(eq(users.id, row.id));
}

/** Conversations, sessions, keys and the rest go with the account (ON DELETE CASCADE). */
export async function deleteUser(db: Db, email: string): Promise<void> {
  const row = await requireUserByEmail(db, email);
  await db.delete(users).where(eq(users.id, row.id));
}

export async function setUserPassword(db: Db, email: string, password: string): Promise<void> {
  const row = await requireUserByEmail(db, email);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, row.id));
  await revokeUserSessions(db, row.id);
}
