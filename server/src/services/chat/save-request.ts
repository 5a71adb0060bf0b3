import { DEFAULT_TITLE } from '@parley/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arrayPlaceholder, bareColumns } from '../../db/unnest-insert.ts';
import { composedOnce, type ArrayValues } from '../../db/composed-once.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { conversations, messages } from '../../db/schema.ts';
import { markFilesUsed } from '../files/file-store.ts';
import { insertMessage, messageStamps, storedMessage } from '../messages/message-store.ts';
import type { MessageRow } from '../../presenters/present-message.ts';
import { takenOnInsert } from './message-ids.ts';
import { isStored, type Exchange, type NewUserMessage } from './prepare-exchange.ts';

const param = (name: string) => sql.placeholder(name);

/** The first message of a conversation: the conversation and the user message in one statement (a data-modifying CTE). */
const firstMessageInsert = preparedStatement((db: Db) => {
  const created = db.$with('created_conversation').as(
    db
      .insert(conversations)
      .values({
        id: param('conversationId'),
        userId: param('userId'),
        title: param('title'),
        endpoint: param('endpoint'),
        model: param('model'),
        options: param('options'),
        tools: [],
      })
      .returning({ id: conversations.id }),
  );
  // Referencing the CTE makes the message depend on the conversation row of the same statement.
  return db
    .with(created)
    .insert(messages)
    .values({
      id: param('id'),
      conversationId: sql`(select ${created.id} from ${created})`,
      userId: param('userId'),
      parentMessageId: param('parentMessageId'),
      sender: 'User',
      text: param('text'),
      isCreatedByUser: true,
      model: param('model'),
      endpoint: param('endpoint'),
      isEdited: param('isEdited'),
      files: param('files'),
    })
    .returning(messageStamps)
    .prepare('save_first_message');
});

/**
 * The one write before the upstream call: the user message, and for a new conversation the
 * conversation itself (titled `title`) in the same statement, so a first message costs one
 * round trip. A regenerated or continued exchange already has its user message stored.
 * A user message id already stored anywhere is a 400.
 */
export async function saveRequest(db: Db, exchange: Exchange, title = DEFAULT_TITLE): Promise<MessageRow> {
  const message = exchange.userMessage;
  if (isStored(message)) return message;
  const row = userMessageRow(exchange);
  let saved: MessageRow;
  try {
    if (exchange.conversation) saved = await insertMessage(db, row);
    else {
      const [stamps] = await firstMessageInsert(db).execute({ ...row, options: exchange.options, title });
      saved = storedMessage(row, stamps!);
    }
  } catch (error) {
    return takenOnInsert(error);
  }
  await markNewFilesUsed(db, exchange);
  return saved;
}

/** The stored row of an exchange's new user message. */
function userMessageRow(exchange: Exchange) {
  const message = exchange.userMessage as NewUserMessage;
  return {
    id: message.id,
    conversationId: exchange.conversationId,
    userId: exchange.userId,
    parentMessageId: message.parentMessageId,
    sender: 'User',
    text: message.text,
    isCreatedByUser: true,
    model: exchange.model,
    endpoint: exchange.endpoint,
    isEdited: message.isEdited,
    files: message.files ?? null,
  };
}

/** The row an exchange's new user message will be stored as, stamped `at`: what `created` announces before the insert. */
export function announcedUserMessage(exchange: Exchange, at: Date): MessageRow {
  return storedMessage(userMessageRow(exchange), { createdAt: at, updatedAt: at });
}

/** Stores a user message announced as `row` before it was stored, with its stamps; an id taken meanwhile is refused as at any insert. */
export async function saveAnnouncedUserMessage(db: Db, exchange: Exchange, row: MessageRow): Promise<MessageRow> {
  try {
    await insertUserMessages(db, [exchange], [row.createdAt]);
  } catch (error) {
    return takenOnInsert(error);
  }
  await markNewFilesUsed(db, exchange);
  return row;
}

const m = bareColumns(messages);
const c = bareColumns(conversations);
const insertUserMessagesStatement = composedOnce<
  ArrayValues<'ids' | 'conversationIds' | 'userIds' | 'parentIds' | 'texts' | 'models' | 'endpoints' | 'edited' | 'files' | 'newConversations' | 'options' | 'stampedAt'> & { title: string },
  { id: string; created_at: string | Date; updated_at: string | Date }
>(sql`
  WITH input AS (
    SELECT * FROM unnest(
      ${arrayPlaceholder('ids', 'text')}, ${arrayPlaceholder('conversationIds', 'text')}, ${arrayPlaceholder('userIds', 'text')},
      ${arrayPlaceholder('parentIds', 'text')}, ${arrayPlaceholder('texts', 'text')}, ${arrayPlaceholder('models', 'text')},
      ${arrayPlaceholder('endpoints', 'text')}, ${arrayPlaceholder('edited', 'bool')}, ${arrayPlaceholder('files', 'text')},
      ${arrayPlaceholder('newConversations', 'bool')}, ${arrayPlaceholder('options', 'text')}, ${arrayPlaceholder('stampedAt', 'timestamptz')}
    ) AS r(id, conversation_id, user_id, parent_message_id, text, model, endpoint, is_edited, files, new_conversation, options, stamped_at)
  ), created AS (
    INSERT INTO ${conversations} (${c('id')}, ${c('userId')}, ${c('title')}, ${c('endpoint')}, ${c('model')}, ${c('options')}, ${c('tools')})
    SELECT conversation_id, user_id, ${sql.placeholder('title')}::text, endpoint, model, options::jsonb, '[]'::jsonb FROM input WHERE new_conversation
    RETURNING ${c('id')}
  )
  INSERT INTO ${messages} (${m('id')}, ${m('conversationId')}, ${m('userId')}, ${m('parentMessageId')}, ${m('sender')}, ${m('text')}, ${m('isCreatedByUser')}, ${m('model')}, ${m('endpoint')}, ${m('isEdited')}, ${m('files')}, ${m('createdAt')}, ${m('updatedAt')})
  SELECT id, conversation_id, user_id, parent_message_id, 'User', text, true, model, endpoint, is_edited, files::jsonb, coalesce(stamped_at, now()), coalesce(stamped_at, now()) FROM input
  RETURNING ${m('id')} AS id, ${m('createdAt')} AS created_at, ${m('updatedAt')} AS updated_at`);

/**
 * Inserts the user messages of several exchanges not stored yet, with the new conversations (titled
 * DEFAULT_TITLE) of the first messages among them, in one statement: each column travels as one
 * array and is unnested. The whole statement fails if one row does (a taken id): the caller then
 * saves them one by one, each with its own answer. Answers the stored messages in the exchanges'
 * order; their files are not marked used here (`markNewFilesUsed`). A message stamped in `stampedAt`
 * keeps that time; the others take the database's.
 */
export async function insertUserMessages(db: Db, exchanges: readonly Exchange[], stampedAt: readonly Date[] = []): Promise<MessageRow[]> {
  const rows = exchanges.map(userMessageRow);
  const inserted = await insertUserMessagesStatement(db, {
    title: DEFAULT_TITLE,
    ids: rows.map((r) => r.id),
    conversationIds: rows.map((r) => r.conversationId),
    userIds: rows.map((r) => r.userId),
    parentIds: rows.map((r) => r.parentMessageId),
    texts: rows.map((r) => r.text),
    models: rows.map((r) => r.model),
    endpoints: rows.map((r) => r.endpoint),
    edited: rows.map((r) => r.isEdited),
    files: rows.map((r) => (r.files === null ? null : JSON.stringify(r.files))),
    newConversations: exchanges.map((e) => !e.conversation),
    options: exchanges.map((e) => JSON.stringify(e.options)),
    stampedAt: exchanges.map((_, i) => stampedAt[i]?.toISOString() ?? null),
  });
  const stamps = new Map(inserted.map((r) => [r.id, r]));
  return rows.map((row) => {
    const stamp = stamps.get(row.id)!;
    return storedMessage(row, { createdAt: new Date(stamp.created_at), updatedAt: new Date(stamp.updated_at) });
  });
}

/** Marks the files a newly stored user message carries as used (an upload no message uses is swept). */
export async function markNewFilesUsed(db: Db, exchange: Exchange): Promise<void> {
  const files = (exchange.userMessage as NewUserMessage).files ?? [];
  await markFilesUsed(db, exchange.userId, files.map((f) => f.file_id));
}
