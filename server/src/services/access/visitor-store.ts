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
