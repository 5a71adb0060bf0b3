import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
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
  await db.transaction((tx) => banUserById(tx, row.id, until, null, now));
  return until;
}

/** Bans an account until `until` (null: until lifted) for `reason`, ending its access tokens. */
export async function banUserById(db: Queryable, userId: string, until: Date | null, reason: string | null, now = new Date()): Promise<Date> {
  const end = until ?? new Date(now.getTime() + FOREVER_MS);
  await db.update(users).set({ bannedUntil: end, banReason: reason, updatedAt: now }).where(eq(users.id, userId));
  await endAccessTokens(db, userId);
  return end;
}

export async function unbanUser(db: Db, email: string): Promise<void> {
  const row = await requireUserByEmail(db, email);
  await unbanUserById(db, row.id);
}

export async function unbanUserById(db: Queryable, userId: string): Promise<void> {
  await db.update(users).set({ bannedUntil: null, banReason: null, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Conversations, sessions, keys and the rest go with the account (ON DELETE CASCADE). */
export async function deleteUser(db: Db, email: string): Promise<void> {
  const row = await requireUserByEmail(db, email);
  await deleteUserById(db, row.id);
}

export async function deleteUserById(db: Queryable, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** Makes an account an admin of the console or a user again; answers the role it had. */
export async function setUserRole(db: Db, email: string, role: 'admin' | 'user'): Promise<'admin' | 'user'> {
  const row = await requireUserByEmail(db, email);
  if (!(await setRoleById(db, row.id, role))) throw new AdminError(`${email} is not an account`);
  return row.role;
}

/** Sets an account's role; false when the id is no account (a key's or a visitor's owner row). */
export async function setRoleById(db: Queryable, userId: string, role: 'admin' | 'user'): Promise<boolean> {
  const changed = await db.update(users).set({ role, updatedAt: new Date() }).where(and(eq(users.id, userId), isAccount)).returning({ id: users.id });
  return changed.length > 0;
}

/** ADMIN_EMAILS at start: the accounts with these addresses become admins; answers how many changed. */
export async function promoteAdminEmails(db: Db, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const promoted = await db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(inArray(sql`lower(${users.email})`, [...emails]), eq(users.role, 'user'), isAccount))
    .returning({ id: users.id });
  return promoted.length;
}

export async function setUserPassword(db: Db, email: string, password: string): Promise<void> {
  const row = await requireUserByEmail(db, email);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, row.id));
  await revokeUserSessions(db, row.id);
}
