import type { AuthResponse } from '@parley/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { startSession } from '../sessions/session-service.ts';
import { presentUser, type UserRow } from '../users/user-service.ts';
import { signAccessToken } from './access-token.ts';

/** The answer of login and register: a new session cookie, an access token and the user. */
export async function signIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  row: UserRow,
): Promise<AuthResponse> {
  await startSession(ctx, request, reply, row.id);
  return { user: presentUser(row), token: await signAccessToken(ctx.secrets.jwtSecret, row.id) };
}
