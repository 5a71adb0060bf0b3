import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import type { Env } from '../config/env.ts';

/** The anonymous visitor identity of `keys`/`both` mode: `<uuid>.<hmac>`, httpOnly, a year long. */
const VISITOR_COOKIE = 'parley_visitor';
const YEAR_MS = 365 * 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (secret: string, id: string) => createHmac('sha256', `visitor:${secret}`).update(id).digest('base64url');

/** The visitor id of a correctly signed cookie, else undefined. */
export function readVisitorCookie(secret: string, request: FastifyRequest): string | undefined {
  const value = request.cookies[VISITOR_COOKIE];
  const [id, sig] = value?.split('.') ?? [];
  if (!id || !sig || !UUID.test(id)) return undefined;
  const expected = Buffer.from(signature(secret, id));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

/**
 * Starts a new visitor identity and sets its cookie on the raw answer: a chat answer is an event
 * stream written past Fastify's reply (hijacked), where a `reply.setCookie` would never be sent.
 */
export function issueVisitorCookie(env: Env, secret: string, request: FastifyRequest, reply: FastifyReply): string {
  const id = randomUUID();
  const cookie = reply.server.serializeCookie(VISITOR_COOKIE, `${id}.${signature(secret, id)}`, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https' || (env.PUBLIC_URL?.startsWith('https:') ?? false),
    expires: new Date(Date.now() + YEAR_MS),
  });
  reply.raw.appendHeader('set-cookie', cookie);
  return id;
}
