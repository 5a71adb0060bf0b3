import type { Message } from '@parley/core';
import type { messages } from '../db/schema.ts';

export type MessageRow = typeof messages.$inferSelect;

/** The API shape of a message: no user id, snake-cased finish_reason as clients expect. */
export function presentMessage(row: MessageRow): Message {
  return {
    messageId: row.id,
    conversationId: row.conversationId,
    parentMessageId: row.parentMessageId,
    sender: row.sender,
    text: row.text,
    reasoning: row.reasoning,
    isCreatedByUser: row.isCreatedByUser,
    model: row.model,
    upstreamModel: row.upstreamModel,
    endpoint: row.endpoint,
    error: row.error,
    errorText: row.errorText,
    unfinished: row.unfinished,
    cancelled: row.cancelled,
    isEdited: row.isEdited,
    finish_reason: row.finishReason,
    tokenCount: row.tokenCount,
    files: row.files,
    ...(Array.isArray(row.files) && row.files.length > 0 ? { filesname: (row.files as { filename: string }[]).map((f) => f.filename) } : {}),
    plugins: row.plugins ?? undefined,
    ...(row.sources ? { sources: row.sources } : {}),
    ...(row.suggestions ? { suggestions: row.suggestions } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
