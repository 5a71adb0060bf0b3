import { CONVERSATION_PAGE_SIZE, DEFAULT_TITLE } from '@parley/core';
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { conversations } from '../../db/schema.ts';
import type { ConversationRow } from '../../presenters/present-conversation.ts';

/** Every query here filters on the owner: a conversation id alone never reaches a row. */
const owned = (userId: string, conversationId: string) =>
  and(eq(conversations.userId, userId), eq(conversations.id, conversationId));

export interface NewConversation {
  conversationId: string;
  userId: string;
  endpoint: string;
  model: string | null;
  options: Record<string, unknown>;
  tools?: string[];
  title?: string;
}

export async function createConversation(db: Db, input: NewConversation): Promise<ConversationRow> {
  const [row] = await db
    .insert(conversations)
    .values({
      id: input.conversationId,
      userId: input.userId,
      title: input.title ?? DEFAULT_TITLE,
      endpoint: input.endpoint,
      model: input.model,
      options: input.options,
      tools: input.tools ?? [],
    })
    .returning();
  return row!;
}

/** The statements below take the owner and the conversation as placeholders, so each is built once per database. */
const ownedByPlaceholders = () =>
  and(eq(conversations.userId, sql.placeholder('userId')), eq(conversations.id, sql.placeholder('conversationId')));

const findStatement = preparedStatement((db: Db) =>
  db.select().from(conversations).where(ownedByPlaceholders()).limit(1).prepare('find_conversation'),
);

export async function findConversation(db: Db, userId: string, conversationId: string): Promise<ConversationRow | undefined> {
  const [row] = await findStatement(db).execute({ userId, conversationId });
  return row;
}

/** The sidebar's conversations: the owner's, archived ones left out. */
const listed = and(eq(conversations.userId, sql.placeholder('userId')), isNull(conversations.archivedAt));

const pageStatement = preparedStatement((db: Db) =>
  db
    .select()
    .from(conversations)
    .where(listed)
    .orderBy(desc(conversations.createdAt), desc(conversations.id))
    .limit(CONVERSATION_PAGE_SIZE)
    .offset(sql.placeholder('offset'))
    .prepare('conversation_page'),
);

const countStatement = preparedStatement((db: Db) =>
  db.select({ n: count() }).from(conversations).where(listed).prepare('conversation_count'),
);

/** One page of the sidebar's list (archived conversations left out), newest created first; `pages` counts pages of `CONVERSATION_PAGE_SIZE`. */
export async function listConversations(db: Db, userId: string, pageNumber: number) {
  const [rows, [total]] = await Promise.all([
    pageStatement(db).execute({ userId, offset: (pageNumber - 1) * CONVERSATION_PAGE_SIZE }),
    countStatement(db).execute({ userId }),
  ]);
  return { rows, pages: Math.ceil((total?.n ?? 0) / CONVERSATION_PAGE_SIZE), pageNumber };
}

/** Records the settings of the latest exchange, as the next message of the conversation starts from them. */
export async function updateConversationSettings(
  db: Db,
  userId: string,
  conversationId: string,
  settings: { endpoint: string; model: string | null; options: Record<string, unknown>; tools?: string[] },
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .update(conversations)
    .set({ ...settings, updatedAt: sql`now()` })
    .where(owned(userId, conversationId))
    .returning();
  return row;
}

const newTitle = { title: sql`${sql.param(sql.placeholder('title'), conversations.title)}`, updatedAt: sql`now()` };

const renameStatement = preparedStatement((db: Db) =>
  db.update(conversations).set(newTitle).where(ownedByPlaceholders()).returning().prepare('rename_conversation'),
);

/** Remembers the upstream's own conversation (Bing's ids and turn counter) and the reply it ended at. */
export async function saveUpstreamSession(db: Db, userId: string, conversationId: string, upstream: Record<string, unknown>): Promise<void> {
  await db.update(conversations).set({ upstream }).where(owned(userId, conversationId));
}

export async function renameConversation(db: Db, userId: string, conversationId: string, title: string) {
  const [row] = await renameStatement(db).execute({ userId, conversationId, title });
  return row;
}

const nameUntitledStatement = preparedStatement((db: Db) =>
  db
    .update(conversations)
    .set(newTitle)
    .where(and(ownedByPlaceholders(), eq(conversations.title, DEFAULT_TITLE)))
    .returning({ id: conversations.id })
    .prepare('name_untitled_conversation'),
);

/** Titles a conversation still called the default: a name the user gave meanwhile is kept. Answers whether it was renamed. */
export async function nameUntitledConversation(db: Db, userId: string, conversationId: string, title: string): Promise<boolean> {
  const rows = await nameUntitledStatement(db).execute({ userId, conversationId, title });
  return rows.length > 0;
}

/** Deletes one conversation (its messages cascade), or all of the user's when no id is given. */
export async function deleteConversations(db: Db, userId: string, conversationId?: string): Promise<number> {
  const where = conversationId ? owned(userId, conversationId) : eq(conversations.userId, userId);
  const deleted = await db.delete(conversations).where(where).returning({ id: conversations.id });
  return deleted.length;
}

/** Archives a conversation (it leaves the sidebar's list) or brings it back; undefined when it is not the caller's. */
export async function setArchived(db: Db, userId: string, conversationId: string, archived: boolean): Promise<ConversationRow | undefined> {
  const [row] = await db
    .update(conversations)
    .set({ archivedAt: archived ? sql`coalesce(${conversations.archivedAt}, now())` : null })
    .where(owned(userId, conversationId))
    .returning();
  return row;
}

/** One page of the caller's archived conversations, most recently archived first. */
export async function listArchived(db: Db, userId: string, pageNumber: number) {
  const where = and(eq(conversations.userId, userId), isNotNull(conversations.archivedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(conversations)
      .where(where)
      .orderBy(desc(conversations.archivedAt), desc(conversations.id))
      .limit(CONVERSATION_PAGE_SIZE)
      .offset((pageNumber - 1) * CONVERSATION_PAGE_SIZE),
    db.select({ n: count() }).from(conversations).where(where),
  ]);
  return { rows, pages: Math.ceil((total?.n ?? 0) / CONVERSATION_PAGE_SIZE), pageNumber };
}
