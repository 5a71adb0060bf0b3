import { createHash, randomInt } from 'node:crypto';
import { API_TOKEN_PREFIX, API_TOKEN_SHOWN_LENGTH, API_TOKENS_PER_ACCOUNT_MAX, isApiToken, type CreateApiToken } from '@parley/core';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiTokens, users } from '../../db/schema.ts';
import { AppError } from '../../app/errors.ts';
import type { UserRow } from '../users/user-service.ts';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const DAY_MS = 86_400_000;
const BODY_LENGTH = 48;

/** 48 characters from the CSPRNG (286 bits): a SHA-256 is enough to store it, no slow hash. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function generateToken(): string {
  let body = '';
  for (let i = 0; i < BODY_LENGTH; i++) body += alphabet[randomInt(alphabet.length)];
  return `${API_TOKEN_PREFIX}${body}`;
}

/** Makes a token for an account; the token itself is in the answer only, never stored. */
export async function createApiToken(db: Db, userId: string, input: CreateApiToken, now = new Date()): Promise<{ token: string; row: ApiTokenRow }> {
  const [live] = await db.select({ n: count() }).from(apiTokens).where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
  if ((live?.n ?? 0) >= API_TOKENS_PER_ACCOUNT_MAX) throw new AppError('validation', `An account has at most ${API_TOKENS_PER_ACCOUNT_MAX} tokens; revoke one first.`);
  const token = generateToken();
  const models = input.models && input.models.length > 0 ? [...new Set(input.models)] : null;
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId,
      name: input.name,
      tokenHash: hashToken(token),
      prefix: token.slice(0, API_TOKEN_SHOWN_LENGTH),
      models,
      rpm: input.rpm ?? null,
      expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null,
    })
    .returning();
  return { token, row: row! };
}

/** The account's tokens that are not revoked, newest first. */
export function listApiTokens(db: Db, userId: string): Promise<ApiTokenRow[]> {
  return db.select().from(apiTokens).where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt))).orderBy(desc(apiTokens.createdAt));
}

/** Revokes one of the account's own tokens; false when it has none of that id. */
export async function revokeApiToken(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** A presented token that works now (not revoked, not expired), with its account; undefined otherwise. */
export async function findLiveApiToken(db: Db, token: string, now = new Date()): Promise<{ token: ApiTokenRow; owner: UserRow } | undefined> {
  if (!isApiToken(token)) return undefined;
  const [found] = await db
    .select({ token: apiTokens, owner: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!found || found.token.revokedAt || (found.token.expiresAt && found.token.expiresAt <= now)) return undefined;
  return found;
}

/** When a token was last used, at most once a minute per token so the API's hot path writes little. */
export async function touchApiToken(db: Db, row: ApiTokenRow, now = new Date()): Promise<void> {
  if (row.lastUsedAt && now.getTime() - row.lastUsedAt.getTime() < 60_000) return;
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id));
}
