import { DEFAULT_TITLE } from '@parley/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema.ts';
import { upsertMessage } from '../messages/message-store.ts';
import type { MessageRow } from '../messages/present-message.ts';
import { isStored, type Exchange } from './prepare-exchange.ts';

/**
 * The one write before the upstream call: the user message, and for a new conversation the
 * conversation itself in the same statement (a data-modifying CTE), so a first message costs
 * one round trip. A regenerated or continued exchange already has its user message stored.
 */
export async function saveRequest(db: Db, exchange: Exchange): Promise<MessageRow> {
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
  };
  if (exchange.conversation) return upsertMessage(db, row);
  const created = db.$with('created_conversation').as(
    db
      .insert(conversations)
      .values({
        id: exchange.conversationId,
        userId: exchange.userId,
        title: DEFAULT_TITLE,
        endpoint: exchange.endpoint,
        model: exchange.model,
        options: exchange.options,
        tools: [],
      })
      .returning({ id: conversations.id }),
  );
  // Referencing the CTE makes the message depend on the conversation row of the same statement.
  const [saved] = await db
    .with(created)
    .insert(messages)
    .values({ ...row, conversationId: sql`(select ${created.id} from ${created})` })
    .returning();
  return saved!;
}
