import { isAccessKey } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { accountsEnabled } from '../../config/accounts-enabled.ts';
import { findKeyWithOwner, keyState } from '../access/access-key-store.ts';
import type { Payer } from '../access/owner-kinds.ts';
import { findLiveApiToken, touchApiToken } from '../api-tokens/api-token-store.ts';
import { isBanned } from '../users/user-service.ts';

/** Who calls the API: an access key (pays with its quota) or an account's API token (pays as the account does in the chat). */
export interface GatewayCaller {
  /** The owner row: a key's own user, or the token's account. */
  userId: string;
  keyId?: string;
  tokenId?: string;
  /** The only model ids it may call; null: every model offered. */
  models: readonly string[] | null;
  /** Requests per minute; null: no limit of its own. */
  rpm: number | null;
  payer: Payer;
}

/**
 * The caller of a presented secret. Access keys work where the access mode has keys, API tokens
 * where it has accounts; anything else (unknown, revoked, expired, malformed) is
 * `invalid_api_key`, and a banned owner is `banned`.
 */
export async function findGatewayCaller(ctx: AppContext, secret: string | undefined): Promise<GatewayCaller> {
  if (!secret) throw new AppError('unauthorized', 'You didn\'t provide an API key. Provide it as "Authorization: Bearer sk-…", x-api-key or x-goog-api-key.');
  return ctx.gatewayCallers.find(secret, () => lookUpCaller(ctx, secret));
}

async function lookUpCaller(ctx: AppContext, secret: string): Promise<GatewayCaller> {
  if (isAccessKey(secret) && ctx.env.ACCESS_MODE !== 'accounts') {
    const found = await findKeyWithOwner(ctx.db, secret);
    if (!found || keyState(found.key) !== 'active') throw new AppError('invalid_api_key');
    if (isBanned(found.owner)) throw new AppError('banned');
    const { key } = found;
    return { userId: found.owner.id, keyId: key.id, models: key.models, rpm: key.rpm, payer: { kind: 'key', userId: found.owner.id, keyId: key.id } };
  }
  if (accountsEnabled(ctx.env)) {
    const found = await findLiveApiToken(ctx.db, secret);
    if (found) {
      if (isBanned(found.owner)) throw new AppError('banned');
      touchApiToken(ctx.db, found.token).catch((error: unknown) => ctx.log.warn({ err: error, tokenId: found.token.id }, 'could not note when an API token was used'));
      const { token } = found;
      return { userId: found.owner.id, tokenId: token.id, models: token.models, rpm: token.rpm, payer: { kind: 'account', userId: found.owner.id } };
    }
  }
  throw new AppError('invalid_api_key');
}

const MINUTE_MS = 60_000;

/** Counts one request against the caller's per-minute limit; past it, `rate_limited` with Retry-After. */
export async function countCallerRequest(ctx: AppContext, caller: GatewayCaller): Promise<void> {
  if (!caller.rpm) return;
  const subject = caller.keyId ? `key:${caller.keyId}` : `token:${caller.tokenId}`;
  const { count, resetMs } = await ctx.limiter.hit(`gateway-rpm:${subject}`, MINUTE_MS);
  if (count > caller.rpm) {
    throw new AppError('rate_limited', `Rate limit reached: ${caller.rpm} requests per minute.`, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(resetMs / 1000))) });
  }
}
