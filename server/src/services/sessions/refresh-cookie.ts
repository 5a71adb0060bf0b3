import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import type { Env } from '../../config/env.ts';

/** SPEC point 3: the session lives in a cookie named `token`. */
const REFRESH_COOKIE = 'token';
export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function cookieOptions(env: Env) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/',
    secure: env.PUBLIC_URL?.startsWith('https:') ?? false,
  };
}

export function setRefreshCookie(env: Env, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions(env), expires: expiresAt });
}

export function clearRefreshCookie(env: Env, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(env));
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}
