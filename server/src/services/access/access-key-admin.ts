import type { AdminKeysQuery } from '@parley/core';
import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { containsPattern } from '../../db/contains.ts';
import { accessKeys } from '../../db/schema.ts';
import { createAccessKey, type AccessKeyRow, type NewAccessKey } from './access-key-store.ts';

const DAY_MS = 86_400_000;

/** Makes `count` keys alike in one transaction (all or none); each key is returned this once. */
export async function createAccessKeyBatch(db: Queryable, count: number, input: NewAccessKey): Promise<{ key: string; row: AccessKeyRow }[]> {
  return db.transaction(async (tx) => {
    const made: { key: string; row: AccessKeyRow }[] = [];
    for (let i = 0; i < count; i++) made.push(await createAccessKey(tx, input));
    return made;
  });
}

function stateFilter(state: AdminKeysQuery['state']): SQL | undefined {
  const live = or(isNull(accessKeys.expiresAt), gt(accessKeys.expiresAt, sql`now()`));
  if (state === 'active') return and(eq(accessKeys.status, 'active'), live);
  if (state === 'revoked') return eq(accessKeys.status, 'revoked');
  if (state === 'expired') return and(eq(accessKeys.status, 'active'), isNotNull(accessKeys.expiresAt), lte(accessKeys.expiresAt, sql`now()`));
  return undefined;
}

/** A page of keys, newest first, by state, coming expiry, quota left and a search of prefix or note. */
export async function searchAccessKeys(db: Db, query: AdminKeysQuery): Promise<{ rows: AccessKeyRow[]; total: number }> {
  const search = query.q ? containsPattern(query.q) : undefined;
  const where = and(
    stateFilter(query.state),
    query.expiresWithinDays === undefined
      ? undefined
      : and(gt(accessKeys.expiresAt, sql`now()`), lte(accessKeys.expiresAt, sql`now() + make_interval(days => ${query.expiresWithinDays})`)),
    query.quotaAtMost === undefined ? undefined : lte(accessKeys.quota, query.quotaAtMost),
    search ? or(ilike(accessKeys.prefix, search), ilike(accessKeys.label, search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(accessKeys).where(where).orderBy(desc(accessKeys.createdAt), desc(accessKeys.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(accessKeys).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Pushes a key's expiry `days` further: from its current expiry, or from now when it has passed; a key that never expires is left so. */
export async function extendAccessKey(db: Queryable, id: string, days: number, now = new Date()): Promise<AccessKeyRow | undefined> {
  const [row] = await db.select().from(accessKeys).where(eq(accessKeys.id, id));
  if (!row || !row.expiresAt) return row;
  const from = Math.max(row.expiresAt.getTime(), now.getTime());
  const [after] = await db
    .update(accessKeys)
    .set({ expiresAt: new Date(from + days * DAY_MS), updatedAt: sql`now()` })
    .where(eq(accessKeys.id, id))
    .returning();
  return after;
}

export async function findAccessKey(db: Queryable, id: string): Promise<AccessKeyRow | undefined> {
  const [row] = await db.select().from(accessKeys).where(eq(accessKeys.id, id));
  return row;
}
