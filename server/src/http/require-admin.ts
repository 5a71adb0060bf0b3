import { ACCESS_KEY_HEADER, type AdminActor } from '@parley/core';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../app/context.ts';
import { AppError } from '../app/errors.ts';
import { verifyOperatorSession } from '../services/admin/operator-session.ts';
import { authenticate, type AuthUser } from './authenticate.ts';
import { readOperatorCookie } from './operator-cookie.ts';

export type { AdminActor } from '@parley/core';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAdmin`; read it through `adminOf`. */
    admin?: AdminActor;
  }
}

const isAdminAccount = (user: AuthUser) => user.role === 'admin' && !user.access;

async function operatorSignedIn(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  const token = readOperatorCookie(request);
  const password = ctx.env.ADMIN_PASSWORD;
  return Boolean(token && password && (await verifyOperatorSession(ctx.secrets.jwtSecret, password.version, token)));
}

/**
 * preHandler of every console route (`/api/admin/…`): an admin account (its access token, as
 * `authenticate` checks it: unbanned, current session) or the ADMIN_PASSWORD operator's session
 * cookie. Nobody signed in: 401 `unauthorized`; anyone else (an account, an access key, a
 * visitor's key header): 403 `forbidden`. Sets `request.admin`.
 */
export function requireAdmin(ctx: AppContext): preHandlerAsyncHookHandler {
  const signedIn = authenticate(ctx);
  return async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
    if (await operatorSignedIn(ctx, request)) return void (request.admin = { kind: 'operator' });
    // No credential at all: a visitor is not signed in (and gets no visitor identity made here).
    if (!request.headers.authorization && !request.headers[ACCESS_KEY_HEADER]) throw new AppError('unauthorized');
    try {
      await signedIn.call(request.server, request, reply);
    } catch (error) {
      if (error instanceof AppError && error.status === 401) throw error;
      throw new AppError('forbidden');
    }
    const user = request.user!;
    if (!isAdminAccount(user)) throw new AppError('forbidden');
    request.admin = { kind: 'account', userId: user.id, email: user.email };
  };
}

/** The console actor of a route guarded by `requireAdmin`. */
export function adminOf(request: FastifyRequest): AdminActor {
  if (!request.admin) throw new AppError('unauthorized');
  return request.admin;
}
