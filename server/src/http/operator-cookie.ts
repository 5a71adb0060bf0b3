import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../config/env.ts';
import { OPERATOR_SESSION_TTL_SECONDS } from '../services/admin/operator-session.ts';
import { cookieOptions } from './refresh-cookie.ts';

/** The ADMIN_PASSWORD operator's console session: HttpOnly, SameSite=Strict, sent to the API only. */
const OPERATOR_COOKIE = 'parley_operator';
const COOKIE_PATH = '/api';

export function setOperatorCookie(env: Env, reply: FastifyReply, token: string): void {
  reply.setCookie(OPERATOR_COOKIE, token, { ...cookieOptions(env, reply.request, COOKIE_PATH), maxAge: OPERATOR_SESSION_TTL_SECONDS });
}

export function clearOperatorCookie(env: Env, reply: FastifyReply): void {
  reply.clearCookie(OPERATOR_COOKIE, cookieOptions(env, reply.request, COOKIE_PATH));
}

export function readOperatorCookie(request: FastifyRequest): string | undefined {
  return request.cookies[OPERATOR_COOKIE] || undefined;
}
