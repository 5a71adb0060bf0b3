import type { Db } from '../../db/client.ts';
import { findUserById, type UserRow } from '../users/user-service.ts';

/**
 * How long a signed-in user's row is reused by `authenticate`. A ban or a deleted account made
 * or a logout made by another process (the CLI, another instance) takes effect within this time; it saves the
 * user lookup on the hot path of every chat request.
 */
export const AUTH_USER_TTL_MS = 2000;
/** Past this many cached users the expired ones are dropped, so the map stays bounded. */
const PRUNE_AT = 10_000;

export interface AuthUserCache {
  /**
   * The user's row; a cached row older than `minSessionVersion` is read again, so a token
   * signed just after a logout elsewhere is not refused for the rest of the TTL.
   */
  find(userId: string, minSessionVersion?: number): Promise<UserRow | undefined>;
  /** Drops the user's cached row: this process sees a sign-out everywhere, a new name or a deletion at once. */
  forget(userId: string): void;
}

/** A per-process cache of user rows by id; a missing user is not cached. */
export function createAuthUserCache(db: Db, ttlMs = AUTH_USER_TTL_MS, now = () => Date.now()): AuthUserCache {
  const rows = new Map<string, { row: UserRow; expiresAt: number }>();
  const prune = (at: number) => {
    for (const [id, entry] of rows) if (entry.expiresAt <= at) rows.delete(id);
  };
  return {
    async find(userId, minSessionVersion = 0) {
      const at = now();
      const cached = rows.get(userId);
      if (cached && cached.expiresAt > at && cached.row.sessionVersion >= minSessionVersion) return cached.row;
      const row = await findUserById(db, userId);
      if (!row) {
        rows.delete(userId);
        return undefined;
      }
      if (rows.size >= PRUNE_AT) prune(at);
      rows.set(userId, { row, expiresAt: at + ttlMs });
      return row;
    },
    forget(userId) {
      rows.delete(userId);
    },
  };
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** Signed-in users' rows, re-read at most a couple of seconds apart. */
    authUsers: AuthUserCache;
  }
}
