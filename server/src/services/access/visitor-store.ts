import type { User } from '@parley/core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { VISITOR_PROVIDER, visitorEmail } from './owner-kinds.ts';

/** The owner row of an anonymous visitor, created on its first write (reads need none). */
export async function ensureVisitorRow(db: Db, visitorId: string): Promise<void> {
  await db
    .insert(users)
    .values({ id: visitorId, name: 'Visitor', email: visitorEmail(visitorId), provider: VISITOR_PROVIDER, providerId: visitorId })
    .onConflictDoNothing({ target: users.id })
    .execute();
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
