import type { AdminUser } from '@parley/core';
import type { users } from '../db/schema.ts';

/** An account as the console lists it: no password hash, sessions or settings. */
export function presentAdminUser(row: typeof users.$inferSelect, now = new Date()): AdminUser {
  const banned = row.bannedUntil !== null && row.bannedUntil.getTime() > now.getTime();
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    provider: row.provider,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
    bannedUntil: banned ? row.bannedUntil!.toISOString() : null,
    banReason: banned ? row.banReason : null,
    balance: row.balance,
  };
}
