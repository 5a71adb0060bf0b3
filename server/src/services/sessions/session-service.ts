import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { newOpaqueToken, sha256 } from './refresh-token.ts';

const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
}

export type RotationResult =
  | { ok: true; userId: string; familyId: string; next: IssuedRefreshToken }
  | { ok: false; reused: boolean };

/** Who opened a session, kept with it for the user's device list. */
export interface ClientInfo {
  userAgent?: string;
  ip?: string;
}

/** Opens a new session family (one login); the caller hands the browser the refresh token. */
export function startSession(db: Db, userId: string, client: ClientInfo): Promise<IssuedRefreshToken> {
  return createSession(db, userId, randomUUID(), client);
}

async function createSession(
  db: Queryable,
  userId: string,
  familyId: string,
  client: ClientInfo,
  id: string = randomUUID(),
  now = new Date(),
): Promise<IssuedRefreshToken> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
  await db.insert(sessions).values({
    id,
    userId,
    familyId,
    tokenHash: sha256(token),
    expiresAt,
    userAgent: client.userAgent ?? null,
    ip: client.ip ?? null,
  });
  return { token, expiresAt };
}

/**
 * How long a rotated refresh token still stands in for its successor while that successor is
 * unused: the browser that was reloaded (or had two tabs refresh at once) while the rotation's
 * answer was on its way never stored the new cookie and presents the old one again.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/**
 * Trades a refresh token for its successor. The claim is one conditional UPDATE, so of two
 * requests presenting the same token exactly one claims it. A token rotated less than
 * `REFRESH_REUSE_GRACE_MS` ago whose successor is still unused claims that successor instead
 * (the lost-answer race above). Any other token that was already rotated means a copy is in
 * someone else's hands, and the whole family (this login) is revoked.
 */
export async function rotateSession(db: Db, presented: string, client: ClientInfo): Promise<RotationResult> {
  const hash = sha256(presented);
  return db.transaction(async (tx) => {
    const now = new Date();
    const nextId = randomUUID();
    const claim = (match: SQL | undefined) =>
      tx
        .update(sessions)
        .set({ revokedAt: now, replacedBy: nextId })
        .where(and(match, isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .returning({ userId: sessions.userId, familyId: sessions.familyId });
    let [claimed] = await claim(eq(sessions.tokenHash, hash));
    if (!claimed) {
      const [seen] = await tx
        .select({ familyId: sessions.familyId, replacedBy: sessions.replacedBy, revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, hash))
        .limit(1);
      const justRotated = seen?.replacedBy && seen.revokedAt && now.getTime() - seen.revokedAt.getTime() < REFRESH_REUSE_GRACE_MS;
      if (justRotated) [claimed] = await claim(eq(sessions.id, seen.replacedBy!));
      if (!claimed) {
        const reused = Boolean(seen?.replacedBy);
        if (reused) await revokeFamily(tx, seen!.familyId, now);
        return { ok: false, reused };
      }
    }
    const next = await createSession(tx, claimed.userId, claimed.familyId, client, nextId, now);
    return { ok: true, userId: claimed.userId, familyId: claimed.familyId, next };
  });
}

export async function revokeFamily(db: Queryable, familyId: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

/**
 * Ends every access token of the user (`authenticate` compares the version a token was signed
 * at). Other logins keep their refresh cookie and get a fresh access token on their next refresh.
 */
export async function endAccessTokens(db: Queryable, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId));
}

/**
 * Logout: ends the login the presented token belongs to, whatever its state, and every access
 * token of its user, since an access token does not say which login it came from.
 */
export async function endSession(db: Db, presented: string): Promise<void> {
  const [row] = await db
    .select({ familyId: sessions.familyId, userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(presented)))
    .limit(1);
  if (!row) return;
  await revokeFamily(db, row.familyId);
  await endAccessTokens(db, row.userId);
}

/** After a password change every open login must sign in again. */
export async function revokeUserSessions(db: Queryable, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await endAccessTokens(db, userId);
}
