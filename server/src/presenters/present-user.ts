import type { User } from '@parley/core';
import { VISITOR_PROVIDER, visitorEmail } from '../services/access/owner-kinds.ts';
import type { users } from '../db/schema.ts';

type UserRow = typeof users.$inferSelect;

/** The user as the API shows it: no password hash, no ban bookkeeping. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    avatar: row.avatar,
    provider: row.provider,
    role: row.role,
    emailVerified: row.emailVerified,
    plugins: row.plugins,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A visitor who has written nothing yet has no row; the API shows it as the row it will get. */
export function presentNewVisitor(visitorId: string): User {
  return {
    id: visitorId,
    name: 'Visitor',
    username: null,
    email: visitorEmail(visitorId),
    avatar: null,
    provider: VISITOR_PROVIDER,
    role: 'user',
    emailVerified: false,
    plugins: [],
    createdAt: new Date().toISOString(),
  };
}
