import { and, eq, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The rows after `<createdAt ISO>|<id>`, the last row of the previous page of a list sorted
 * newest first (by time, then id); undefined without a cursor (the first page).
 */
export function olderThan(createdAt: PgColumn, id: PgColumn, cursor: string | undefined): SQL | undefined {
  const [at, lastId] = cursor?.split('|') ?? [];
  if (!at || !lastId) return undefined;
  const instant = new Date(at);
  return or(lt(createdAt, instant), and(eq(createdAt, instant), lt(id, lastId)));
}

/** The cursor of the next page: the last row shown, when one more row than the page held was read. */
export function nextCursor(rowsRead: number, limit: number, last: { createdAt: string; id: string } | undefined): string | null {
  return rowsRead > limit && last ? `${last.createdAt}|${last.id}` : null;
}
