import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { insertMessage, type MessageInput } from '../messages/message-store.ts';
import type { MessageRow } from '../../presenters/present-message.ts';
import type { Exchange } from './prepare-exchange.ts';

/** The reply of an exchange as a row under its user message: the streamed id, no text yet. */
export function replyRow(exchange: Exchange): MessageInput {
  return {
    id: exchange.replyId,
    conversationId: exchange.conversationId,
    userId: exchange.userId,
    parentMessageId: exchange.userMessage.id,
    sender: exchange.sender,
    text: '',
    isCreatedByUser: false,
    model: exchange.model,
    endpoint: exchange.endpoint,
    isEdited: exchange.continued?.isEdited ?? false,
  };
}

/**
 * A continued reply that got nothing new (its continue failed or was refused), as it stands:
 * the text it was continued from (an edit included), its own reasoning and plugins, finished.
 * Undefined when the exchange continues nothing.
 */
export function keptContinuedRow(exchange: Exchange): MessageInput | undefined {
  const { continued } = exchange;
  if (!continued) return undefined;
  const { prefix, row } = continued;
  return { ...replyRow(exchange), text: prefix, reasoning: row.reasoning, plugins: row.plugins, unfinished: false };
}

/** A failure as an error-flagged reply; it clears whatever a placeholder had streamed. */
export function errorRow(exchange: Exchange, text: string): MessageInput {
  return { ...replyRow(exchange), text, error: true, unfinished: false, reasoning: null, plugins: null, isEdited: false };
}

/**
 * Stores a failure as a new error-flagged sibling under the user message. Nothing already
 * there is renamed or overwritten: a continued reply keeps its text, and a `<request>_`
 * placeholder may belong to another live stream.
 */
export async function storeErrorSibling(db: Db, exchange: Exchange, text: string): Promise<MessageRow> {
  return insertMessage(db, { ...errorRow(exchange, text), id: randomUUID() });
}
