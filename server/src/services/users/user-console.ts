import type { AdminActor, AdminPage, AdminUser, AdminUsersQuery, BanUser } from '@parley/core';
import { and, count, desc, eq, gt, ilike, isNull, lte, or, type SQL } from 'drizzle-orm';
import { AppError } from '../../app/errors.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { presentAdminUser } from '../../presenters/present-admin-user.ts';
import { creditTokenBalance } from '../access/token-balance.ts';
import { AmountOverflow } from '../access/safe-amount.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { issueResetLink, RESET_TOKEN_TTL_MS } from '../passwords/password-reset.ts';
import { banUserById, deleteUserById, setRoleById, unbanUserById } from './user-admin.ts';
import { isAccount } from './user-service.ts';

/** Who acts, and from where: every console change is recorded with both. */
export interface ConsoleCaller {
  actor: AdminActor;
  ip: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The console's Users list: accounts only (never the owner rows of keys or visitors), newest first. */
export async function listConsoleUsers(db: Db, query: AdminUsersQuery, now = new Date()): Promise<AdminPage<AdminUser>> {
  const filters: SQL[] = [isAccount];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(users.email, pattern), ilike(users.name, pattern))!);
  }
  if (query.status === 'banned') filters.push(gt(users.bannedUntil, now));
  if (query.status === 'active') filters.push(or(isNull(users.bannedUntil), lte(users.bannedUntil, now))!);
  if (query.status === 'admin') filters.push(eq(users.role, 'admin'));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items: rows.map((row) => presentAdminUser(row, now)), total: total?.n ?? 0 };
}

async function requireAccount(db: Queryable, userId: string) {
  const [row] = await db.select().from(users).where(and(eq(users.id, userId), isAccount)).limit(1);
  if (!row) throw new AppError('not_found');
  return row;
}

/** An admin may not ban, demote or delete the account they are signed in with: the console would lock them out. */
function refuseOwnAccount(caller: ConsoleCaller, userId: string) {
  if (caller.actor.kind === 'account' && caller.actor.userId === userId) throw new AppError('forbidden', 'An admin cannot ban, demote or delete their own account.');
}

/** The state an audit entry keeps of an account: what the console may change, nothing secret. */
const snapshot = (user: AdminUser) => ({ role: user.role, bannedUntil: user.bannedUntil, banReason: user.banReason, balance: user.balance });

/** Runs one console change on an account in a transaction, recording it with the state before and after. */
async function changeAccount(db: Db, caller: ConsoleCaller, userId: string, action: string, change: (tx: Queryable) => Promise<void>): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const before = presentAdminUser(await requireAccount(tx, userId));
    await change(tx);
    const after = presentAdminUser(await requireAccount(tx, userId));
    await recordAudit(tx, { ...caller, action, target: before.email, before: snapshot(before), after: snapshot(after) });
    return after;
  });
}

export function banFromConsole(db: Db, caller: ConsoleCaller, userId: string, input: BanUser, now = new Date()): Promise<AdminUser> {
  refuseOwnAccount(caller, userId);
  const until = input.until === null ? null : new Date(input.until);
  if (until && until.getTime() <= now.getTime()) throw new AppError('validation', 'The ban must end in the future.');
  return changeAccount(db, caller, userId, 'user.ban', async (tx) => void (await banUserById(tx, userId, until, input.reason, now)));
}

export function unbanFromConsole(db: Db, caller: ConsoleCaller, userId: string): Promise<AdminUser> {
  return changeAccount(db, caller, userId, 'user.unban', (tx) => unbanUserById(tx, userId));
}

export function setRoleFromConsole(db: Db, caller: ConsoleCaller, userId: string, role: 'admin' | 'user'): Promise<AdminUser> {
  if (role === 'user') refuseOwnAccount(caller, userId);
  return changeAccount(db, caller, userId, role === 'admin' ? 'user.promote' : 'user.demote', async (tx) => void (await setRoleById(tx, userId, role)));
}

/** Token credits added (the ledger records a `credit`), exactly once: the addition and its audit entry commit together. */
export async function creditFromConsole(db: Db, caller: ConsoleCaller, userId: string, amount: number, startBalance: number): Promise<AdminUser> {
  try {
    return await changeAccount(db, caller, userId, 'user.credit', async (tx) => void (await creditTokenBalance(tx, userId, amount, startBalance)));
  } catch (error) {
    if (error instanceof AmountOverflow) throw new AppError('validation', error.message);
    throw error;
  }
}

/** A one-time password reset link, shown to the admin who asked (theirs to hand over); older links stop working. */
export function resetLinkFromConsole(db: Db, caller: ConsoleCaller, userId: string, publicUrl: string): Promise<{ link: string; expiresInMinutes: number }> {
  return db.transaction(async (tx) => {
    const user = await requireAccount(tx, userId);
    const link = await issueResetLink(tx, user, publicUrl);
    await recordAudit(tx, { ...caller, action: 'user.reset-link', target: user.email });
    return { link, expiresInMinutes: RESET_TOKEN_TTL_MS / 60_000 };
  });
}

/** Deletes an account with everything it owns, once the admin typed its address again. */
export function deleteFromConsole(db: Db, caller: ConsoleCaller, userId: string, confirmEmail: string): Promise<void> {
  refuseOwnAccount(caller, userId);
  return db.transaction(async (tx) => {
    const user = presentAdminUser(await requireAccount(tx, userId));
    if (confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError('validation', 'Type the account’s address to delete it.');
    }
    await deleteUserById(tx, userId);
    await recordAudit(tx, { ...caller, action: 'user.delete', target: user.email, before: { ...snapshot(user), name: user.name, createdAt: user.createdAt } });
  });
}
