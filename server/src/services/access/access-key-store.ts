import { randomUUID } from 'node:crypto';
import { isAccessKey } from '@parley/core';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { accessKeys, usageLedger, users } from '../../db/schema.ts';
import type { UserRow } from '../users/user-service.ts';
import { KeyRefError } from './access-key-ref.ts';
import { accessKeyPrefix, generateAccessKey, hashAccessKey } from './access-key-secret.ts';
import { KEY_OWNER_PROVIDER, keyOwnerEmail } from './owner-kinds.ts';
import { AmountOverflow, MAX_AMOUNT } from './safe-amount.ts';

export type AccessKeyRow = typeof accessKeys.$inferSelect;

const DAY_MS = 86_400_000;

export interface NewAccessKey {
  quota: number;
  /** Lifetime in days; none: the key never expires. */
  days?: number;
  note?: string;
  /** The model ids the key may use; none: every model the endpoints offer. */
  models?: string[];
  /** API requests per minute; none: no limit of its own. */
  rpm?: number;
  /** The ledger kind of the starting quota: an operator's credit, or a redeemed code. */
  entryKind?: 'credit' | 'redeem';
}

/** Mints a key and its owner row in one transaction; the key itself is returned once and stored only as a hash. */
export async function createAccessKey(db: Queryable, input: NewAccessKey, now = new Date()): Promise<{ key: string; row: AccessKeyRow }> {
  const key = generateAccessKey();
  const row = await db.transaction((tx) =>
    insertKeyWithOwner(tx, { keyHash: hashAccessKey(key), prefix: accessKeyPrefix(key) }, input, now, { kind: input.entryKind ?? 'credit' }),
  );
  return { key, row };
}

/**
 * The key row (by its hash and prefix) and its owner row, with a `credit` ledger row for its
 * starting quota (`topup` with the order for a bought key); run inside the caller's transaction.
 */
export async function insertKeyWithOwner(
  tx: Queryable,
  secret: { keyHash: string; prefix: string },
  input: NewAccessKey,
  now = new Date(),
  entry: { kind: 'credit' | 'redeem' | 'topup'; orderId?: string } = { kind: 'credit' },
): Promise<AccessKeyRow> {
  const keyId = randomUUID();
  const userId = randomUUID();
  await tx.insert(users).values({
    id: userId,
    name: `Key ${secret.prefix}…`,
    email: keyOwnerEmail(keyId),
    provider: KEY_OWNER_PROVIDER,
    providerId: keyId,
  });
  const [inserted] = await tx
    .insert(accessKeys)
    .values({
      id: keyId,
      userId,
      keyHash: secret.keyHash,
      prefix: secret.prefix,
      label: input.note ?? null,
      quota: input.quota,
      models: input.models ?? null,
      rpm: input.rpm ?? null,
      expiresAt: input.days === undefined ? null : new Date(now.getTime() + input.days * DAY_MS),
    })
    .returning();
  if (input.quota > 0) await tx.insert(usageLedger).values({ userId, accessKeyId: keyId, kind: entry.kind, amount: input.quota, orderId: entry.orderId ?? null });
  return inserted!;
}

export type KeyState = 'active' | 'revoked' | 'expired';

export function keyState(row: Pick<AccessKeyRow, 'status' | 'expiresAt'>, now = new Date()): KeyState {
  if (row.status !== 'active') return 'revoked';
  return row.expiresAt && row.expiresAt <= now ? 'expired' : 'active';
}

/** The key row and its owner for a presented key, whatever its state; undefined for a key we never issued. */
export async function findKeyWithOwner(db: Queryable, key: string): Promise<{ key: AccessKeyRow; owner: UserRow } | undefined> {
  if (!isAccessKey(key)) return undefined;
  const [found] = await db
    .select({ key: accessKeys, owner: users })
    .from(accessKeys)
    .innerJoin(users, eq(users.id, accessKeys.userId))
    .where(eq(accessKeys.keyHash, hashAccessKey(key)))
    .limit(1);
  return found;
}

/** The remaining quota of a usable key, 0 for an unknown, revoked or expired one (getusage). */
export async function usableQuota(db: Db, key: string): Promise<number> {
  const found = await findKeyWithOwner(db, key);
  return found && keyState(found.key) === 'active' ? found.key.quota : 0;
}

export function listAccessKeys(db: Db): Promise<AccessKeyRow[]> {
  return db.select().from(accessKeys).orderBy(asc(accessKeys.createdAt));
}

export async function revokeAccessKey(db: Queryable, id: string): Promise<void> {
  await db.update(accessKeys).set({ status: 'revoked', updatedAt: sql`now()` }).where(eq(accessKeys.id, id));
}

/**
 * Adds quota with its ledger row in one transaction; answers the new remaining quota. A sum
 * that would pass MAX_AMOUNT adds nothing and throws AmountOverflow.
 */
export async function addAccessKeyQuota(db: Queryable, id: string, amount: number, entry: { kind: 'credit' | 'topup' | 'redeem'; orderId?: string } = { kind: 'credit' }): Promise<number> {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`quota to add must be a whole number from 0 to ${MAX_AMOUNT}, not ${amount}`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(accessKeys)
      .set({ quota: sql`${accessKeys.quota} + ${amount}`, updatedAt: sql`now()` })
      .where(and(eq(accessKeys.id, id), lte(accessKeys.quota, MAX_AMOUNT - amount)))
      .returning({ quota: accessKeys.quota, userId: accessKeys.userId });
    if (!row) {
      const [found] = await tx.select({ quota: accessKeys.quota }).from(accessKeys).where(eq(accessKeys.id, id));
      if (!found) throw new KeyRefError('No such key');
      throw new AmountOverflow("the key's quota", found.quota, amount);
    }
    await tx.insert(usageLedger).values({ userId: row.userId, accessKeyId: id, kind: entry.kind, amount, orderId: entry.orderId ?? null });
    return row.quota;
  });
}
