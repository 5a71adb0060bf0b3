import type { AdminPage, AdminUsageQuery, AdminUsageRecord } from '@parley/core';
import { and, count, desc, eq, gte, ilike, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/contains.ts';
import { accessKeys, apiTokens, usageRecords, users } from '../../db/schema.ts';
import { accountEmailColumn } from '../access/account-email.ts';
import { csvCell, pagedBefore, view } from './usage-record-reader.ts';

export type UsageFilters = Pick<AdminUsageQuery, 'q' | 'key' | 'account' | 'model' | 'channel' | 'status' | 'from' | 'to'>;

function where(filters: UsageFilters, before?: string) {
  return and(
    pagedBefore(before),
    filters.key ? ilike(accessKeys.prefix, `${filters.key.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    filters.account ? ilike(users.email, containsPattern(filters.account)) : undefined,
    filters.model ? eq(usageRecords.model, filters.model) : undefined,
    filters.channel ? eq(usageRecords.channel, filters.channel) : undefined,
    filters.status ? eq(usageRecords.status, filters.status) : undefined,
    filters.from ? gte(usageRecords.createdAt, new Date(filters.from)) : undefined,
    filters.to ? lt(usageRecords.createdAt, new Date(filters.to)) : undefined,
    filters.q ? ilike(usageRecords.model, containsPattern(filters.q)) : undefined,
  );
}


function selectRecords(db: Db) {
  return db
    .select({ record: usageRecords, tokenName: apiTokens.name, keyPrefix: accessKeys.prefix, accountEmail: accountEmailColumn })
    .from(usageRecords)
    .leftJoin(apiTokens, eq(apiTokens.id, usageRecords.apiTokenId))
    .leftJoin(accessKeys, eq(accessKeys.id, usageRecords.accessKeyId))
    .leftJoin(users, eq(users.id, usageRecords.userId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectRecords>['execute']>>[number];

const adminView = (r: Selected): AdminUsageRecord => ({
  ...view({ ...r.record, tokenName: r.tokenName }),
  keyPrefix: r.keyPrefix,
  accountEmail: r.accountEmail,
  channel: r.record.channel,
  clientIp: r.record.clientIp,
});

/** A page of every caller's records, newest first, by key prefix, account, model, channel, status and time (`q`: a model). */
export async function searchUsageRecords(db: Db, filters: UsageFilters, page: { limit: number; offset: number }): Promise<AdminPage<AdminUsageRecord>> {
  const [rows, [total]] = await Promise.all([
    selectRecords(db).where(where(filters)).orderBy(desc(usageRecords.createdAt), desc(usageRecords.id)).limit(page.limit).offset(page.offset),
    db
      .select({ n: count() })
      .from(usageRecords)
      .leftJoin(accessKeys, eq(accessKeys.id, usageRecords.accessKeyId))
      .leftJoin(users, eq(users.id, usageRecords.userId))
      .where(where(filters)),
  ]);
  return { items: rows.map(adminView), total: total?.n ?? 0 };
}

const csvColumns: (keyof AdminUsageRecord)[] = [
  'createdAt', 'keyPrefix', 'accountEmail', 'dialect', 'model', 'upstreamModel', 'channel', 'tokenName', 'inputTokens', 'outputTokens', 'cachedTokens', 'reasoningTokens', 'charged', 'unit', 'ttftMs', 'totalMs', 'status', 'errorCode', 'clientIp',
];
const CSV_PAGE = 1_000;

/**
 * The filtered records as CSV, the header first, then a page of 1,000 rows at a time read by the
 * last row's time and id (never the whole export in memory), at most `maxRows` rows.
 */
export async function* usageRecordsCsvLines(db: Db, filters: UsageFilters, maxRows: number): AsyncGenerator<string> {
  yield `${csvColumns.join(',')}\r\n`;
  let before: string | undefined;
  for (let sent = 0; sent < maxRows; ) {
    const rows = await selectRecords(db)
      .where(where(filters, before))
      .orderBy(desc(usageRecords.createdAt), desc(usageRecords.id))
      .limit(Math.min(CSV_PAGE, maxRows - sent));
    if (rows.length === 0) return;
    yield rows.map((r) => `${csvColumns.map((c) => csvCell(adminView(r)[c])).join(',')}\r\n`).join('');
    sent += rows.length;
    const last = rows.at(-1)!.record;
    before = `${last.createdAt.toISOString()}|${last.id}`;
  }
}
