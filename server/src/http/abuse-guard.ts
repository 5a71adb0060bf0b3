import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../app/context.ts';
import { AppError } from '../app/errors.ts';
import type { Env } from '../config/env.ts';
import { requireUser } from './authenticate.ts';
import type { Limiter } from '../limiter/limiter.ts';

/** Why a request is refused: its user or IP is banned, or it is over a limit. */
export type Refusal = { kind: 'ban' } | { kind: 'limit'; max: number; windowMs: number; retryAfterMs: number };

/** Answers a refusal: throws an AppError, or answers in the route's own format (a chat answers SSE). */
export type Refuse = (reply: FastifyReply, refusal: Refusal) => Promise<void> | void;

interface AbuseGuardOptions {
  limiter: Limiter;
  env: Pick<Env, 'BAN_VIOLATIONS' | 'BAN_DURATION' | 'BAN_INTERVAL'>;
  /** Counter namespace, e.g. `message`; the user id or the client IP completes the key. */
  name: string;
  userMax: number;
  userWindowMs: number;
  ipMax: number;
  ipWindowMs: number;
  refuse: Refuse;
}

const banKey = (who: string) => `ban:${who}`;

/**
 * Bans as LibreChat's: every request refused over a limit is a violation of its user and of its
 * IP; the BAN_INTERVAL-th violation within BAN_DURATION bans both for BAN_DURATION. Bans live in
 * the limiter, so every instance on the same Redis sees them.
 */
async function recordViolation(options: AbuseGuardOptions, who: string[]): Promise<boolean> {
  const { limiter, env } = options;
  if (!env.BAN_VIOLATIONS) return false;
  const counts = await Promise.all(who.map((w) => limiter.hit(`violations:${w}`, env.BAN_DURATION)));
  if (!counts.some(({ count }) => count % env.BAN_INTERVAL === 0)) return false;
  await Promise.all(who.map((w) => limiter.block(banKey(w), env.BAN_DURATION)));
  return true;
}

/**
 * preHandler, after `authenticate`, limiting a route per user and per IP: a banned user or IP is
 * refused at once; every request counts, and one past either maximum is refused and recorded as
 * a violation.
 */
function abuseGuard(options: AbuseGuardOptions): preHandlerAsyncHookHandler {
  const { limiter, name } = options;
  return async function abuseGuard(request: FastifyRequest, reply: FastifyReply) {
    const who = [`user:${requireUser(request).id}`, `ip:${request.ip}`];
    const banned = await Promise.all(who.map((w) => limiter.blockedMs(banKey(w))));
    if (banned.some((ms) => ms > 0)) return options.refuse(reply, { kind: 'ban' });

    const [user, ip] = await Promise.all([
      limiter.hit(`${name}:${who[0]}`, options.userWindowMs),
      limiter.hit(`${name}:${who[1]}`, options.ipWindowMs),
    ]);
    const over = [
      user.count > options.userMax && { max: options.userMax, windowMs: options.userWindowMs, retryAfterMs: user.resetMs },
      ip.count > options.ipMax && { max: options.ipMax, windowMs: options.ipWindowMs, retryAfterMs: ip.resetMs },
    ].find((limit) => limit !== false);
    if (!over) return;
    if (await recordViolation(options, who)) return options.refuse(reply, { kind: 'ban' });
    return options.refuse(reply, { kind: 'limit', ...over });
  };
}

/** The refusal of a JSON route: 403 `banned` (the web logs out) or 429 `rate_limited` with Retry-After. */
function refuseWithError(_reply: FastifyReply, refusal: Refusal): never {
  throw refusalError(refusal);
}

function refusalError(refusal: Refusal): AppError {
  if (refusal.kind === 'ban') return new AppError('banned');
  return new AppError('rate_limited', undefined, { max: refusal.max, windowMs: refusal.windowMs }, { 'Retry-After': String(Math.max(1, Math.ceil(refusal.retryAfterMs / 1000))) });
}

const minutes = (n: number) => n * 60_000;

/** Chat messages (ask, edit): MESSAGE_USER_* and MESSAGE_IP_*, refused the chat's way. */
export function messageGuard(ctx: Pick<AppContext, 'limiter' | 'env'>, refuse: Refuse): preHandlerAsyncHookHandler {
  const { env } = ctx;
  return abuseGuard({
    limiter: ctx.limiter,
    env,
    name: 'message',
    userMax: env.MESSAGE_USER_MAX,
    userWindowMs: minutes(env.MESSAGE_USER_WINDOW_MINUTES),
    ipMax: env.MESSAGE_IP_MAX,
    ipWindowMs: minutes(env.MESSAGE_IP_WINDOW_MINUTES),
    refuse,
  });
}

/** Search and token counts, which the client asks for as the user types: LOOKUP_MAX a minute per user and per IP. */
export function lookupGuard(ctx: Pick<AppContext, 'limiter' | 'env'>, name: 'search' | 'tokenizer'): preHandlerAsyncHookHandler {
  const { env } = ctx;
  const windowMs = minutes(1);
  return abuseGuard({ limiter: ctx.limiter, env, name, userMax: env.LOOKUP_MAX, userWindowMs: windowMs, ipMax: env.LOOKUP_MAX, ipWindowMs: windowMs, refuse: refuseWithError });
}

/** File uploads: UPLOAD_USER_MAX a minute per user (account, key or visitor) and UPLOAD_IP_MAX per IP. */
export function uploadGuard(ctx: Pick<AppContext, 'limiter' | 'env'>): preHandlerAsyncHookHandler {
  const { env } = ctx;
  const windowMs = minutes(1);
  return abuseGuard({ limiter: ctx.limiter, env, name: 'upload', userMax: env.UPLOAD_USER_MAX, userWindowMs: windowMs, ipMax: env.UPLOAD_IP_MAX, ipWindowMs: windowMs, refuse: refuseWithError });
}

/** Wrong guesses an IP may make within BAN_DURATION before it is banned (when BAN_VIOLATIONS is on). */
const GUESSES_BEFORE_BAN = 10;

/**
 * A public route where a caller tries a secret (a redemption code): a banned IP is refused at
 * once, every attempt counts against LOOKUP_MAX a minute per IP, and `wrongGuess` records a
 * miss; the GUESSES_BEFORE_BAN-th miss within BAN_DURATION bans the IP for BAN_DURATION, on
 * every instance sharing the limiter.
 */
export function guessGuard(ctx: Pick<AppContext, 'limiter' | 'env'>, name: 'redeem') {
  const { limiter, env } = ctx;
  const who = (request: FastifyRequest) => `ip:${request.ip}`;
  const preHandler: preHandlerAsyncHookHandler = async (request) => {
    if ((await limiter.blockedMs(banKey(who(request)))) > 0) throw refusalError({ kind: 'ban' });
    const { count, resetMs } = await limiter.hit(`${name}:${who(request)}`, minutes(1));
    if (count > env.LOOKUP_MAX) throw refusalError({ kind: 'limit', max: env.LOOKUP_MAX, windowMs: minutes(1), retryAfterMs: resetMs });
  };
  async function wrongGuess(request: FastifyRequest): Promise<void> {
    if (!env.BAN_VIOLATIONS) return;
    const { count } = await limiter.hit(`${name}-misses:${who(request)}`, env.BAN_DURATION);
    if (count >= GUESSES_BEFORE_BAN) await limiter.block(banKey(who(request)), env.BAN_DURATION);
  }
  return { preHandler, wrongGuess };
}
