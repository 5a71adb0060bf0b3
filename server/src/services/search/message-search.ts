import { SEARCH_PAGE_SIZE } from '@parley/core';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema.ts';
import type { ConversationRow } from '../../presenters/present-conversation.ts';
import type { MessageRow } from '../../presenters/present-message.ts';

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
 * Every query starts from the user; replies still streaming (`unfinished`) are not searched.
 * For 3+ characters the planner uses the partial GIN index on (user_id, text trigrams), whose scan is driven by the user's own entries; 1–2 character
 * queries (common in Chinese) yield no trigram and walk that user's rows through
 * (user_id, created_at). The page and the total come from one scan (a window count), and only
 * the page's rows are joined to their conversations. See bench/search.ts for the figures.
 */
export async function searchMessages(db: Db, userId: string, query: string, pageNumber: number): Promise<SearchPage> {
  // The literal `unfinished = false` matches the partial trigram index's predicate, so the
  // planner can use it; a reply still streaming is found once it has ended.
  const matches = and(
    eq(messages.userId, userId),
    sql`${messages.unfinished} = false`,
    sql`${messages.text} ILIKE ${containsPattern(query)} ESCAPE '\\'`,
  );
  const page = await db
    .select({ id: messages.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(messages)
    .where(matches)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(SEARCH_PAGE_SIZE)
    .offset((pageNumber - 1) * SEARCH_PAGE_SIZE);
  // A page past the end has no row to carry the total, so it is counted on its own.
  const total = page[0]?.total ?? (pageNumber > 1 ? await countMatches(db, matches) : 0);
  const pages = Math.ceil(total / SEARCH_PAGE_SIZE);
  if (page.length === 0) return { hits: [], pages, pageNumber };

  const rows = await db
    .select({ message: messages, conversation: conversations })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messages.userId, userId), inArray(messages.id, page.map((p) => p.id))));
  const byId = new Map(rows.map((row) => [row.message.id, row]));
  const hits = page.flatMap((p) => byId.get(p.id) ?? []);
  return { hits, pages, pageNumber };
}

async function countMatches(db: Db, matches: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(messages).where(matches);
  return row?.n ?? 0;
}
