import { DEFAULT_TITLE } from '@parley/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { conversations, messages } from '../../db/schema.ts';
import { markFilesUsed } from '../files/file-store.ts';
import { insertMessage, messageStamps, storedMessage } from '../messages/message-store.ts';
import type { MessageRow } from '../../presenters/present-message.ts';
import { takenOnInsert } from './message-ids.ts';
import { isStored, type Exchange } from './prepare-exchange.ts';

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
  const row = {
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
  await markFilesUsed(db, exchange.userId, (message.files ?? []).map((f) => f.file_id));
  return saved;
}
