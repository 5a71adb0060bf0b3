import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import type { Env } from '../config/env.ts';
import type { IssuedRefreshToken } from '../services/sessions/session-service.ts';

/** SPEC point 3: the session lives in a cookie named `token`. */
const REFRESH_COOKIE = 'token';

/**
 * `Secure` whenever the browser reached us over TLS: directly, or through a trusted proxy that
 * says so in `X-Forwarded-Proto` (Fastify's `request.protocol` reads it only with TRUST_PROXY).
 * An https PUBLIC_URL keeps it on behind a proxy we were not told to trust.
 */
export function cookieOptions(env: Env, request: FastifyRequest, path = '/') {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path,
    secure: request.protocol === 'https' || (env.PUBLIC_URL?.startsWith('https:') ?? false),
  };
}

export function setRefreshCookie(env: Env, reply: FastifyReply, issued: IssuedRefreshToken): void {
  reply.setCookie(REFRESH_COOKIE, issued.token, { ...cookieOptions(env, reply.request), expires: issued.expiresAt });
}

export function clearRefreshCookie(env: Env, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(env, reply.request));
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}
