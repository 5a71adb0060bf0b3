import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { isBanned } from '../services/users/user-service.ts';
import type { AppContext } from '../app/context.ts';
import { AppError } from '../app/errors.ts';
import { accessIdentity, type KeyOrVisitor } from './access-identity.ts';
import { accountsEnabled } from '../config/accounts-enabled.ts';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'admin';
  /** Set for an access key's or an anonymous visitor's owner row (`keys`/`both` mode); absent for an account. */
  access?: KeyOrVisitor;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; read it through `requireUser`. */
    user?: AuthUser;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * preHandler for every signed-in route: a valid access token of an existing, unbanned user,
 * signed at the user's current session version. The user row is re-read at most
 * `AUTH_USER_TTL_MS` apart, so a logout, reset, ban or deletion ends every access token within
 * seconds, not at token expiry, without a lookup on every chat request. In `keys`/`both` mode an
 * access key, or else (no bearer at all) an anonymous visitor, is accepted too; `keys` mode has
 * no accounts, so there any other bearer answers `accounts_disabled` without a lookup.
 */
export function authenticate(ctx: AppContext): preHandlerAsyncHookHandler {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const token = bearer(request);
    if (ctx.env.ACCESS_MODE !== 'accounts') {
      const identity = await accessIdentity(ctx, request, reply, token);
      if (identity) return void (request.user = identity);
      if (!accountsEnabled(ctx.env)) throw new AppError('accounts_disabled');
    }
    const subject = token ? await ctx.accessTokens.verify(token) : undefined;
    const row = subject ? await ctx.authUsers.find(subject.id, subject.sessionVersion) : undefined;
    // A token signed before the user's last logout, password reset or ban has ended with them.
    if (!row || row.sessionVersion !== subject!.sessionVersion) throw new AppError('unauthorized');
    if (isBanned(row)) throw new AppError('banned');
    request.user = { id: row.id, email: row.email, name: row.name, role: row.role };
  };
}

/** The signed-in user of a route guarded by `authenticate`. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}
