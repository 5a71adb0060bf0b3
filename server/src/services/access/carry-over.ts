import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, files, messages, presets } from '../../db/schema.ts';

/**
 * A visitor who enters a key keeps what they wrote for free: the visitor's conversations, their
 * messages, files and presets become the key owner's, in one transaction. Only rows of that one
 * visitor move, and a moved row is the owner's from then on, so a repeat moves nothing twice.
 * Answers how many conversations moved.
 */
export async function carryVisitorOver(db: Db, visitorId: string, ownerId: string): Promise<number> {
  if (visitorId === ownerId) return 0;
  return db.transaction(async (tx) => {
    const moved = await tx.update(conversations).set({ userId: ownerId }).where(eq(conversations.userId, visitorId)).returning({ id: conversations.id });
    await tx.update(messages).set({ userId: ownerId }).where(eq(messages.userId, visitorId));
    await tx.update(files).set({ userId: ownerId }).where(eq(files.userId, visitorId));
    await tx.update(presets).set({ userId: ownerId }).where(eq(presets.userId, visitorId));
    return moved.length;
  });
}
