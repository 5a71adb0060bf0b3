import { randomUUID } from 'node:crypto';
import { normalizeRedemptionCode, type AdminCodesQuery, type CodeState, type CreateCodesRequest } from '@parley/core';
import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { containsPattern } from '../../db/contains.ts';
import { accessKeys, redemptionCodes } from '../../db/schema.ts';
import { generateRedemptionCode, hashRedemptionCode, redemptionCodePrefix } from './redemption-code-secret.ts';

export type RedemptionCodeRow = typeof redemptionCodes.$inferSelect;

const DAY_MS = 86_400_000;

export function codeState(row: Pick<RedemptionCodeRow, 'status' | 'expiresAt'>, now = new Date()): CodeState {
  if (row.status !== 'unused') return row.status;
  return row.expiresAt && row.expiresAt <= now ? 'expired' : 'unused';
}

/** Makes a batch of codes in one statement; the codes are returned this once and stored as hashes only. */
export async function createCodeBatch(db: Queryable, input: CreateCodesRequest, now = new Date()) {
  const batchId = randomUUID();
  const expiresAt = input.validDays === undefined ? null : new Date(now.getTime() + input.validDays * DAY_MS);
  const codes = Array.from({ length: input.count }, () => {
    const code = generateRedemptionCode();
    return { code, prefix: redemptionCodePrefix(normalizeRedemptionCode(code)) };
  });
  await db.insert(redemptionCodes).values(
    codes.map(({ code, prefix }) => ({
      batchId,
      codeHash: hashRedemptionCode(normalizeRedemptionCode(code)),
      prefix,
      kind: input.kind,
      quota: input.quota,
      keyDays: input.kind === 'new-key' ? (input.keyDays ?? null) : null,
      note: input.note || null,
      expiresAt,
    })),
  );
  return { batchId, codes, expiresAt };
}

function stateFilter(state: CodeState | '' | undefined): SQL | undefined {
  const live = or(isNull(redemptionCodes.expiresAt), gt(redemptionCodes.expiresAt, sql`now()`));
  switch (state) {
    case 'unused':
      return and(eq(redemptionCodes.status, 'unused'), live);
    case 'expired':
      return and(eq(redemptionCodes.status, 'unused'), isNotNull(redemptionCodes.expiresAt), lte(redemptionCodes.expiresAt, sql`now()`));
    case 'redeemed':
    case 'disabled':
      return eq(redemptionCodes.status, state);
    default:
      return undefined;
  }
}

/** A page of codes, newest first, with the prefix of the key each redeemed code went to. */
export async function listCodes(db: Db, query: AdminCodesQuery) {
  const search = query.q ? containsPattern(query.q) : undefined;
  const where = and(
    stateFilter(query.state),
    search ? or(ilike(redemptionCodes.prefix, search), ilike(redemptionCodes.note, search), ilike(redemptionCodes.batchId, search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ code: redemptionCodes, keyPrefix: accessKeys.prefix })
      .from(redemptionCodes)
      .leftJoin(accessKeys, eq(accessKeys.id, redemptionCodes.redeemedKeyId))
      .where(where)
      .orderBy(desc(redemptionCodes.createdAt), desc(redemptionCodes.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(redemptionCodes).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Disables an unused code (redeemed ones stay as they are); answers the row before and after, undefined when there is no such code. */
export async function disableCode(db: Queryable, id: string) {
  const [before] = await db.select().from(redemptionCodes).where(eq(redemptionCodes.id, id));
  if (!before) return undefined;
  const [after] = await db
    .update(redemptionCodes)
    .set({ status: 'disabled' })
    .where(and(eq(redemptionCodes.id, id), eq(redemptionCodes.status, 'unused')))
    .returning();
  return { before, after: after ?? before };
}
