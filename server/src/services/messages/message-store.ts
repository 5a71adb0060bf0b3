import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { messages } from '../../db/schema.ts';
import type { MessageRow } from '../../presenters/present-message.ts';

export type MessageInput = Omit<typeof messages.$inferInsert, 'createdAt' | 'updatedAt'> & { id: string };

const owned = (userId: string, messageId: string) => and(eq(messages.userId, userId), eq(messages.id, messageId));

/** One of the user's conversations' messages. */
const inConversation = (userId: string, conversationId: string) => and(eq(messages.userId, userId), eq(messages.conversationId, conversationId));
/**
 * Oldest first. PGlite's clock counts whole milliseconds, so a user message and the reply stored
 * right after it (a refusal, an error) can share a timestamp: at a tie the question comes first
 * (a reply's follow-up needs a round trip of the client, never within the same millisecond), then
 * the id keeps the order stable.
 */
const listOrder = [asc(messages.createdAt), desc(messages.isCreatedByUser), asc(messages.id)];

/** All messages of one of the user's conversations, oldest first (see `listOrder`). */
export async function listMessages(db: Db, userId: string, conversationId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(inConversation(userId, conversationId))
    .orderBy(...listOrder);
}

/** The tree of one of the user's conversations without the messages' contents, in `listMessages` order. */
export async function listMessageLinks(db: Db, userId: string, conversationId: string): Promise<{ messageId: string; parentMessageId: string }[]> {
  return db
    .select({ messageId: messages.id, parentMessageId: messages.parentMessageId })
    .from(messages)
    .where(inConversation(userId, conversationId))
    .orderBy(...listOrder);
}

/** A message's place in its conversation's tree and the length of its text, without the text. */
export interface MessageSize {
  messageId: string;
  parentMessageId: string;
  isCreatedByUser: boolean;
  error: boolean;
  /** Characters of its text. */
  chars: number;
}

/** The tree of one of the user's conversations with each message's size, in `listMessages` order: what a bounded window of it is chosen from. */
export async function listMessageSizes(db: Db, userId: string, conversationId: string): Promise<MessageSize[]> {
  return db
    .select({
      messageId: messages.id,
      parentMessageId: messages.parentMessageId,
      isCreatedByUser: messages.isCreatedByUser,
      error: messages.error,
      chars: sql<number>`char_length(${messages.text})`.mapWith(Number),
    })
    .from(messages)
    .where(inConversation(userId, conversationId))
    .orderBy(...listOrder);
}

/** Ids per statement, well under PostgreSQL's 65,535 bound parameters. */
const IDS_PER_STATEMENT = 10_000;

/** The named messages (`ids` in `listMessages` order) of one of the user's conversations, in that order. */
export async function listMessagesById(db: Db, userId: string, conversationId: string, ids: readonly string[]): Promise<MessageRow[]> {
  const rows: MessageRow[] = [];
  for (let from = 0; from < ids.length; from += IDS_PER_STATEMENT) {
    const part = ids.slice(from, from + IDS_PER_STATEMENT);
    rows.push(
      ...(await db
        .select()
        .from(messages)
        .where(and(inConversation(userId, conversationId), inArray(messages.id, part)))
        .orderBy(...listOrder)),
    );
  }
  return rows;
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

/** Every column a message is written with: all but the timestamps, which the database sets. */
const writtenColumns = (Object.keys(getTableColumns(messages)) as (keyof typeof messages.$inferInsert)[]).filter(
  (column): column is keyof MessageInput => column !== 'createdAt' && column !== 'updatedAt',
);
// Each value is bound at execution and encoded by its column (jsonb as JSON text).
const placeholders = Object.fromEntries(
  writtenColumns.map((column) => [column, sql`${sql.param(sql.placeholder(column), messages[column])}`]),
) as Record<keyof MessageInput, SQL>;

/** The statement's values: the input's, and the schema's default (else null) for the columns it leaves out. */
function completeRow(input: MessageInput): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const column of writtenColumns) row[column] = input[column] ?? messages[column].default ?? null;
  return row;
}

/**
 * What a write of a whole message answers: only what the database set. Returning the row read
 * back every column of it, the text included, which was a tenth of a first message's insert.
 */
export const messageStamps = { createdAt: messages.createdAt, updatedAt: messages.updatedAt };

type Stamps = Pick<MessageRow, 'createdAt' | 'updatedAt'>;

/** The row a write of `values` (a `completeRow`) stored, given the stamps it answered. */
const stampedRow = (values: Record<string, unknown>, stamps: Stamps) => ({ ...values, ...stamps }) as MessageRow;

/** A message as stored by a write of `input` that answered `stamps`. */
export function storedMessage(input: MessageInput, stamps: Stamps): MessageRow {
  return stampedRow(completeRow(input), stamps);
}

const insertStatement = preparedStatement((db: Db) =>
  db.insert(messages).values(placeholders).returning(messageStamps).prepare('insert_message'),
);

/** Inserts a new message (a reply under a fresh id, an error sibling). */
export async function insertMessage(db: Db, input: MessageInput): Promise<MessageRow> {
  const values = completeRow(input);
  const [stamps] = await insertStatement(db).execute(values);
  return stampedRow(values, stamps!);
}

const replaceStatement = preparedStatement((db: Db) =>
  db
    .update(messages)
    .set({ ...placeholders, updatedAt: sql`now()` })
    .where(and(eq(messages.userId, sql.placeholder('ownerId')), eq(messages.id, sql.placeholder('fromId'))))
    .returning(messageStamps)
    .prepare('replace_message'),
);

/**
 * Rewrites one of the user's messages whole under a new id: the streamed placeholder
 * `<request>_` becomes the stored reply. Undefined when there is no such message.
 */
export async function replaceMessage(db: Db, fromId: string, row: MessageInput): Promise<MessageRow | undefined> {
  const values = completeRow(row);
  const [stamps] = await replaceStatement(db).execute({ ...values, ownerId: row.userId, fromId });
  return stamps && stampedRow(values, stamps);
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
