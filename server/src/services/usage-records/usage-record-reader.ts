import type { UsageRecordPage, UsageRecordView } from '@parley/core';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nextCursor, olderThan } from '../../db/newest-first-cursor.ts';
import { apiTokens, usageRecords } from '../../db/schema.ts';

export interface RecordsQuery {
  limit: number;
  /** `<createdAt ISO>|<id>` of the last row of the previous page. */
  before?: string;
}

type Row = typeof usageRecords.$inferSelect & { tokenName: string | null };

/** Rows after the `<createdAt ISO>|<id>` of the last row of the previous page (newest first). */
export const pagedBefore = (before: string | undefined) => olderThan(usageRecords.createdAt, usageRecords.id, before);

export function view(row: Row): UsageRecordView {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    dialect: row.dialect,
    model: row.model,
    upstreamModel: row.upstreamModel,
    tokenName: row.tokenName,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    cachedTokens: row.cachedTokens,
    reasoningTokens: row.reasoningTokens,
    charged: row.charged,
    unit: row.unit,
    ttftMs: row.ttftMs,
    totalMs: row.totalMs,
    status: row.status,
    errorCode: row.errorCode,
  };
}

/**
 * One page of the owner's own records, newest first. The owner is the user row that paid: an
 * account, or a key's own row, so one key never sees another's records.
 */
export async function readUsageRecords(db: Db, userId: string, query: RecordsQuery): Promise<UsageRecordPage> {
  const after = pagedBefore(query.before);
  const rows = await db
    .select({ record: usageRecords, tokenName: apiTokens.name })
    .from(usageRecords)
    .leftJoin(apiTokens, eq(apiTokens.id, usageRecords.apiTokenId))
    .where(and(eq(usageRecords.userId, userId), after))
    .orderBy(desc(usageRecords.createdAt), desc(usageRecords.id))
    .limit(query.limit + 1);
  const records = rows.slice(0, query.limit).map((r) => view({ ...r.record, tokenName: r.tokenName }));
  return { records, nextBefore: nextCursor(rows.length, query.limit, records.at(-1)) };
}

const csvColumns: (keyof UsageRecordView)[] = [
  'createdAt', 'dialect', 'model', 'upstreamModel', 'tokenName', 'inputTokens', 'outputTokens', 'cachedTokens', 'reasoningTokens', 'charged', 'unit', 'ttftMs', 'totalMs', 'status', 'errorCode',
];

/** A CSV cell: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is defused for spreadsheets. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The page as CSV, a header line first. */
export function usageRecordsCsv(records: UsageRecordView[]): string {
  const lines = [csvColumns.join(','), ...records.map((r) => csvColumns.map((c) => csvCell(r[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
