import { randomUUID } from 'node:crypto';
import { DEFAULT_TITLE, ROOT_PARENT_ID, type ImportSummary } from '@parley/core';
import type { Db } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema.ts';
import type { ImportedConversation } from './import-thread.ts';

/** Rows per insert statement: 500 messages × 12 columns stay far under PostgreSQL's 65,535 parameters. */
const ROWS_PER_STATEMENT = 500;

/**
 * Stores one imported conversation for `userId` in one transaction (at most
 * `importLimits.nodesPerConversation` messages, in statements of 500), under new ids: an export's
 * own ids never reach the database, so an import cannot touch or collide with anyone's rows.
 * Messages keep their order: a message is never older than its parent.
 */
async function storeConversation(db: Db, userId: string, conversation: ImportedConversation, now: number): Promise<void> {
  const conversationId = randomUUID();
  const ids = new Map<string, { id: string; at: number }>();
  const start = conversation.createdAt ?? conversation.messages[0]?.createdAt ?? now;
  let last = start - 1;
  const rows = conversation.messages.map((message) => {
    const parent = message.parentKey === null ? undefined : ids.get(message.parentKey);
    // Strictly increasing in the (parents-first) order: siblings never tie, so the branch shown is the export's latest.
    const at = Math.max(message.createdAt ?? start, parent ? parent.at + 1 : start, last + 1);
    last = at;
    const id = randomUUID();
    ids.set(message.key, { id, at });
    return {
      id,
      conversationId,
      userId,
      parentMessageId: parent?.id ?? ROOT_PARENT_ID,
      sender: message.sender,
      text: message.text,
      isCreatedByUser: message.isCreatedByUser,
      model: message.model,
      endpoint: conversation.endpoint,
      createdAt: new Date(at),
      updatedAt: new Date(at),
    };
  });
  await db.transaction(async (tx) => {
    await tx.insert(conversations).values({
      id: conversationId,
      userId,
      title: conversation.title || DEFAULT_TITLE,
      endpoint: conversation.endpoint,
      model: conversation.model,
      createdAt: new Date(start),
      updatedAt: new Date(Math.max(start, ...rows.slice(-1).map((row) => row.createdAt.getTime()))),
    });
    for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) await tx.insert(messages).values(rows.slice(from, from + ROWS_PER_STATEMENT));
  });
}

/** Stores what an export held for the caller, a conversation per transaction, and sums up what came in. */
export async function importConversations(
  db: Db,
  userId: string,
  parsed: Omit<ImportSummary, 'conversations' | 'messages'> & { conversations: ImportedConversation[] },
): Promise<ImportSummary> {
  const now = Date.now();
  let messageCount = 0;
  for (const conversation of parsed.conversations) {
    await storeConversation(db, userId, conversation, now);
    messageCount += conversation.messages.length;
  }
  return {
    format: parsed.format,
    conversations: parsed.conversations.length,
    messages: messageCount,
    skippedConversations: parsed.skippedConversations,
    skippedMessages: parsed.skippedMessages,
    skippedParts: parsed.skippedParts,
  };
}
