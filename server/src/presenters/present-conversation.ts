import { toolPluginKeys, type Conversation } from '@parley/core';
import type { conversations } from '../db/schema.ts';

export type ConversationRow = typeof conversations.$inferSelect;

/** The API shape of a conversation: endpoint options spread at the top level, no user id. */
export function presentConversation(row: ConversationRow): Conversation {
  return {
    ...row.options,
    conversationId: row.id,
    title: row.title,
    endpoint: row.endpoint,
    model: row.model,
    // gptPlugins keeps the chosen tools with its options (as the ask sent them).
    tools: row.tools.length > 0 ? row.tools : toolPluginKeys(row.options.tools),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
