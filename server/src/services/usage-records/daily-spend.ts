import { UTC_OFFSET_PATTERN, type DailySpend } from '@parley/core';
import { sql } from 'drizzle-orm';
import { AppError } from '../../app/errors.ts';
import type { Db } from '../../db/client.ts';
import { usageRecords } from '../../db/schema.ts';
import { hasSqlState } from '../../db/sql-state.ts';

/** invalid_parameter_value: what PostgreSQL raises for a time zone it does not know. */
const UNKNOWN_ZONE = '22023';

interface SpendRow {
  date: string;
  charged: string | number;
  calls: string | number;
}

/** The zone as PostgreSQL takes it after AT TIME ZONE: an IANA name as text, an offset as an interval (ISO sign). */
const zoneOf = (timeZone: string) => (UTC_OFFSET_PATTERN.test(timeZone) ? sql`${timeZone}::interval` : sql`${timeZone}::text`);

/**
 * What one owner row (an account, or one key's own row) was charged per day, and how many calls it
 * made, over the `days` calendar days ending today in `timeZone`, oldest first, every day present.
 * Counted by the database: the days are cut in the caller's zone, so a call at 23:30 in Shanghai
 * lands on the Shanghai day.
 */
export async function readDailySpend(db: Db, userId: string, query: { days: number; timeZone: string }, now = new Date()): Promise<DailySpend> {
  const zone = zoneOf(query.timeZone);
  const today = sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${zone})::date`;
  const first = sql`(${today} - ${query.days - 1}::int)`;
  const result = (await db
    .execute(
      sql`
    WITH span AS (
      SELECT d::date AS day FROM generate_series(${first}, ${today}, interval '1 day') AS d
    ),
    spent AS (
      SELECT (${usageRecords.createdAt} AT TIME ZONE ${zone})::date AS day, sum(${usageRecords.charged}) AS charged, count(*) AS calls
      FROM ${usageRecords}
      WHERE ${usageRecords.userId} = ${userId} AND ${usageRecords.createdAt} >= (${first}::timestamp AT TIME ZONE ${zone})
      GROUP BY 1
    )
    SELECT to_char(span.day, 'YYYY-MM-DD') AS date, coalesce(spent.charged, 0) AS charged, coalesce(spent.calls, 0) AS calls
    FROM span LEFT JOIN spent ON spent.day = span.day
    ORDER BY span.day`,
    )
    .catch((error: unknown) => {
      // A zone the browser knows but this database does not (their zone tables differ) is the caller's mistake, not a 500.
      if (hasSqlState(error, UNKNOWN_ZONE)) throw new AppError('validation', `The time zone "${query.timeZone}" is not known here.`);
      throw error;
    })) as unknown as { rows: SpendRow[] };
  return { days: result.rows.map((row) => ({ date: row.date, charged: Number(row.charged), calls: Number(row.calls) })) };
}
