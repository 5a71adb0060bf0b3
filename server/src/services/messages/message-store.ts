import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema.ts';
import type { MessageRow } from './present-message.ts';

export type MessageInput = Omit<typeof messages.$inferInsert, 'createdAt' | 'updatedAt'> & { id: string };

const owned = (userId: string, messageId: string) => and(eq(messages.userId, userId), eq(messages.id, messageId));

/** All messages of one of the user's conversations, oldest first (ties broken by id for a stable order). */
export async function listMessages(db: Db, userId: string, conversationId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.conversationId, conversationId)))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

export async function findMessage(db: Db, userId: string, messageId: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(owned(userId, messageId)).limit(1);
  return row;
}

/**
 * Inserts or overwrites a message by id. Used for the streaming reply, written again and
 * again while it grows; `createdAt` is kept from the first write so the order stays put.
 */
export async function upsertMessage(db: Db, input: MessageInput): Promise<MessageRow> {
  const { id: _id, userId: _user, conversationId: _conversation, ...changes } = input;
  const [row] = await db
    .insert(messages)
    .values(input)
    .onConflictDoUpdate({
      target: messages.id,
      set: { ...changes, updatedAt: sql`now()` },
      // An id owned by another user is never overwritten.
      setWhere: eq(messages.userId, input.userId),
    })
    .returning();
  if (!row) throw new Error(`message ${input.id} belongs to another user`);
  return row;
}

/** Gives a message a new id (the streamed placeholder `<request>_` becomes the stored reply). */
export async function renameMessage(db: Db, userId: string, fromId: string, toId: string, changes: Partial<MessageInput>) {
  const [row] = await db
    .update(messages)
    .set({ ...changes, id: toId, updatedAt: sql`now()` })
    .where(owned(userId, fromId))
    .returning();
  return row;
}

/** Saves an edit in place, marking it edited. */
export async function editMessageText(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
  change: { text: string; model?: string },
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ text: change.text, ...(change.model ? { model: change.model } : {}), isEdited: true, updatedAt: sql`now()` })
    .where(and(owned(userId, messageId), eq(messages.conversationId, conversationId)))
    .returning();
  return row;
}
