import type { Overview } from '@parley/core';
import { and, count, desc, eq, gte, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessKeys, orders, usageRecords } from '../../db/schema.ts';

const TOP = 8;

/** `YYYY-MM-DD` of an instant in a time zone. */
export const dayIn = (timeZone: string, at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** The `days` calendar days ending today in `timeZone`, oldest first. */
function periodDays(timeZone: string, days: number, now = new Date()): string[] {
  const today = new Date(`${dayIn(timeZone, now)}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(today.getTime() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

interface OverviewSources {
  db: Db;
  timeZone: string;
  /** The provider type of each configured channel, by name. */
  channelTypes: ReadonlyMap<string, string>;
  liveStreams(): Promise<number>;
}

const n = (value: unknown) => Number(value ?? 0);

/**
 * The console's overview of a period: calls, tokens and errors from the usage records, quota
 * spent by keys, quota sold and money taken from paid orders, per day in TZ, with the top models
 * and keys, each channel's error rate and the streams live now.
 */
export async function consoleOverview(sources: OverviewSources, days: 1 | 7 | 30, now = new Date()): Promise<Overview> {
  const { db, timeZone } = sources;
  const labels = periodDays(timeZone, days, now);
  // The first instant of the period's first day in TZ, computed by the database the same way it buckets rows.
  // TZ is an IANA name checked when the configuration was read; written as a literal, each day expression is the same text in SELECT and GROUP BY.
  const zone = sql.raw(`'${timeZone.replace(/'/g, "''")}'`);
  const fromSql = sql`(${labels[0]}::date)::timestamp AT TIME ZONE ${zone}`;
  const result = (await db.execute(sql`SELECT ${fromSql} AS "from"`)) as unknown as { rows: { from: string | Date }[] };
  const since = new Date(result.rows[0]!.from);
  const recordDay = sql<string>`to_char(${usageRecords.createdAt} AT TIME ZONE ${zone}, 'YYYY-MM-DD')`;
  const orderDay = sql<string>`to_char(${orders.paidAt} AT TIME ZONE ${zone}, 'YYYY-MM-DD')`;
  const inPeriod = gte(usageRecords.createdAt, since);
  const tokens = sql<number>`coalesce(sum(${usageRecords.inputTokens} + ${usageRecords.outputTokens}), 0)`;
  const errors = sql<number>`count(*) filter (where ${usageRecords.status} = 'error')`;
  const quotaSpent = sql<number>`coalesce(sum(${usageRecords.charged}) filter (where ${usageRecords.unit} = 'quota'), 0)`;

  const [recordDays, orderDays, creditRows, topModels, topKeys, channelRows, liveStreams] = await Promise.all([
    db.select({ day: recordDay, calls: count(), errors, tokens, quotaSpent }).from(usageRecords).where(inPeriod).groupBy(recordDay),
    db
      .select({ day: orderDay, orders: count(), quota: sql<number>`coalesce(sum(${orders.quota}), 0)`, fen: sql<number>`coalesce(sum(${orders.price}), 0)` })
      .from(orders)
      // A refunded order's money went back: only orders credited (or paid, awaiting a hand settlement) count.
      .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, since), ne(orders.status, 'refunded')))
      .groupBy(orderDay),
    db.select({ credits: sql<number>`coalesce(sum(${usageRecords.charged}), 0)` }).from(usageRecords).where(and(inPeriod, eq(usageRecords.unit, 'credits'))),
    db.select({ model: usageRecords.model, calls: count(), tokens }).from(usageRecords).where(inPeriod).groupBy(usageRecords.model).orderBy(desc(count()), usageRecords.model).limit(TOP),
    db
      .select({ keyId: accessKeys.id, prefix: accessKeys.prefix, label: accessKeys.label, calls: count(), quotaSpent })
      .from(usageRecords)
      .innerJoin(accessKeys, eq(accessKeys.id, usageRecords.accessKeyId))
      .where(inPeriod)
      .groupBy(accessKeys.id, accessKeys.prefix, accessKeys.label)
      .orderBy(desc(quotaSpent), desc(count()))
      .limit(TOP),
    db
      .select({ channel: sql<string>`coalesce(${usageRecords.channel}, '')`, calls: count(), errors })
      .from(usageRecords)
      .where(inPeriod)
      .groupBy(sql`coalesce(${usageRecords.channel}, '')`)
      .orderBy(desc(count())),
    sources.liveStreams(),
  ]);

  const recordsBy = new Map(recordDays.map((r) => [r.day, r]));
  const ordersBy = new Map(orderDays.map((r) => [r.day, r]));
  const byDay = labels.map((day) => {
    const r = recordsBy.get(day);
    const o = ordersBy.get(day);
    return { day, calls: n(r?.calls), errors: n(r?.errors), tokens: n(r?.tokens), quotaSpent: n(r?.quotaSpent), quotaSold: n(o?.quota), revenueFen: n(o?.fen) };
  });
  const sum = (pick: (d: (typeof byDay)[number]) => number) => byDay.reduce((total, d) => total + pick(d), 0);

  return {
    days,
    from: since.toISOString(),
    totals: {
      calls: sum((d) => d.calls),
      errors: sum((d) => d.errors),
      tokens: sum((d) => d.tokens),
      quotaSpent: sum((d) => d.quotaSpent),
      quotaSold: sum((d) => d.quotaSold),
      revenueFen: sum((d) => d.revenueFen),
      creditsSpent: n(creditRows[0]?.credits),
      paidOrders: orderDays.reduce((total, o) => total + n(o.orders), 0),
    },
    byDay,
    topModels: topModels.map((m) => ({ model: m.model, calls: n(m.calls), tokens: n(m.tokens) })),
    topKeys: topKeys.map((k) => ({ keyId: k.keyId, prefix: k.prefix, label: k.label, calls: n(k.calls), quotaSpent: n(k.quotaSpent) })),
    channels: channelRows.map((c) => ({ channel: c.channel, provider: sources.channelTypes.get(c.channel) ?? '', calls: n(c.calls), errors: n(c.errors) })),
    liveStreams,
  };
}
