import { apiTokenIdSchema, createApiTokenSchema, type ApiTokenView, type CreatedApiToken } from '@parley/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { authenticate, requireUser, type AuthUser } from '../../http/authenticate.ts';
import { requireAccounts } from '../../http/require-accounts.ts';
import { presentApiToken } from '../../presenters/present-api-token.ts';
import { createApiToken, listApiTokens, revokeApiToken } from '../../services/api-tokens/api-token-store.ts';

/** Only an account has API tokens: a key already is one, and a visitor has nothing to pay with. */
function requireAccount(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (user.access) throw new AppError('forbidden', 'Only an account can make API tokens.');
  return user;
}

/** An account's personal API tokens (Settings → API tokens): made, listed, revoked; a token is shown once, at creation. */
export async function apiTokensRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = [requireAccounts(ctx.env), authenticate(ctx)];

  app.get('/api/user/tokens', { preHandler }, async (request): Promise<ApiTokenView[]> => {
    return (await listApiTokens(ctx.db, requireAccount(request).id)).map(presentApiToken);
  });

  app.post('/api/user/tokens', { preHandler }, async (request, reply): Promise<CreatedApiToken> => {
    const user = requireAccount(request);
    const { token, row } = await createApiToken(ctx.db, user.id, createApiTokenSchema.parse(request.body ?? {}));
    reply.status(201).header('cache-control', 'no-store');
    return { ...presentApiToken(row), token };
  });

  app.delete('/api/user/tokens/:id', { preHandler }, async (request) => {
    const user = requireAccount(request);
    const { id } = apiTokenIdSchema.parse(request.params);
    if (!(await revokeApiToken(ctx.db, user.id, id))) throw new AppError('not_found');
    ctx.gatewayCallers.forgetToken(id);
    return { revoked: true };
  });
}
