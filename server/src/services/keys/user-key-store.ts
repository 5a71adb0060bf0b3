import type { EndpointName } from '@parley/core';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userKeys } from '../../db/schema.ts';
import { decryptSecret, DecryptError, encryptSecret } from '../crypto/secret-box.ts';

/**
 * Per-user provider keys, AES-256-GCM sealed under CREDS_KEY. The owner and endpoint are bound
 * into each seal, so a row moved to another user or endpoint does not decrypt. Expired rows
 * are never handed out: reading one deletes it, and the sweeper removes the rest.
 */
const sealContext = (userId: string, endpoint: EndpointName) => `user-key:${userId}:${endpoint}`;
const owned = (userId: string, endpoint: EndpointName) => and(eq(userKeys.userId, userId), eq(userKeys.endpoint, endpoint));

export interface StoreKeyInput {
  userId: string;
  endpoint: EndpointName;
  value: string;
  expiresAt: Date;
}

/** Stores or replaces the user's key for an endpoint. */
export async function storeUserKey(db: Db, credsKey: string, input: StoreKeyInput): Promise<{ expiresAt: Date }> {
  const ciphertext = encryptSecret(credsKey, input.value, sealContext(input.userId, input.endpoint));
  const [row] = await db
    .insert(userKeys)
    .values({ userId: input.userId, endpoint: input.endpoint, ciphertext, expiresAt: input.expiresAt })
    .onConflictDoUpdate({
      target: [userKeys.userId, userKeys.endpoint],
      set: { ciphertext, expiresAt: input.expiresAt, updatedAt: new Date() },
    })
    .returning({ expiresAt: userKeys.expiresAt });
  return row!;
}

/** When the user's key for an endpoint stops working; undefined when there is none or it has expired. */
export async function userKeyExpiry(db: Db, userId: string, endpoint: EndpointName, now = new Date()): Promise<Date | undefined> {
  const [row] = await db
    .select({ expiresAt: userKeys.expiresAt })
    .from(userKeys)
    .where(and(owned(userId, endpoint), gt(userKeys.expiresAt, now)))
    .limit(1);
  return row?.expiresAt;
}

/**
 * The user's key in plain text, for one upstream call. An expired key is deleted and not
 * returned; one sealed under another CREDS_KEY cannot be used either, so the user is asked
 * to set it again.
 */
export async function readUserKey(
  db: Db,
  credsKey: string,
  userId: string,
  endpoint: EndpointName,
  now = new Date(),
): Promise<string | undefined> {
  const [row] = await db.select().from(userKeys).where(owned(userId, endpoint)).limit(1);
  if (!row) return undefined;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await db.delete(userKeys).where(and(owned(userId, endpoint), lte(userKeys.expiresAt, now)));
    return undefined;
  }
  try {
    return decryptSecret(credsKey, row.ciphertext, sealContext(userId, endpoint));
  } catch (error) {
    if (error instanceof DecryptError) return undefined;
    throw error;
  }
}

/** Deletes one of the user's keys, or all of them when no endpoint is given; answers how many went. */
export async function deleteUserKeys(db: Db, userId: string, endpoint?: EndpointName): Promise<number> {
  const where = endpoint ? owned(userId, endpoint) : eq(userKeys.userId, userId);
  const deleted = await db.delete(userKeys).where(where).returning({ id: userKeys.id });
  return deleted.length;
}

/** Removes every key whose expiry has passed, whoever owns it; answers how many went. */
export async function sweepExpiredKeys(db: Db, now = new Date()): Promise<number> {
  const deleted = await db.delete(userKeys).where(lte(userKeys.expiresAt, now)).returning({ id: userKeys.id });
  return deleted.length;
}
