import { SEARCH_PAGE_SIZE } from '@parley/core';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema.ts';
import type { ConversationRow } from '../conversations/present-conversation.ts';
import type { MessageRow } from '../messages/present-message.ts';

/** A LIKE pattern matching `query` anywhere, with `%`, `_` and the escape character itself taken literally. */
export function containsPattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface SearchPage {
  hits: { message: MessageRow; conversation: ConversationRow }[];
  pages: number;
  pageNumber: number;
}

/**
 * One page of the caller's messages containing `query` (case-insensitive), newest first.
 *
 * Every query starts from the user: the planner either walks that user's messages through
 * (user_id, created_at) and filters them, or, for 3+ characters, intersects that with the
 * pg_trgm GIN index on the text. Queries of one or two characters (common in Chinese) yield no
 * trigram, so they always take the per-user path; both stay indexed (see bench/search.ts).
 */
export async function searchMessages(db: Db, userId: string, query: string, pageNumber: number): Promise<SearchPage> {
  const matches = and(eq(messages.userId, userId), sql`${messages.text} ILIKE ${containsPattern(query)} ESCAPE '\\'`);
  const [rows, [total]] = await Promise.all([
    db
      .select({ message: messages, conversation: conversations })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(matches)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(SEARCH_PAGE_SIZE)
      .offset((pageNumber - 1) * SEARCH_PAGE_SIZE),
    db.select({ n: count() }).from(messages).where(matches),
  ]);
  return { hits: rows, pages: Math.ceil((total?.n ?? 0) / SEARCH_PAGE_SIZE), pageNumber };
}
