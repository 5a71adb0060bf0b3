import type { BalanceResponse } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { authenticate, requireUser } from '../../http/authenticate.ts';
import { payerOf } from '../../http/access-identity.ts';
import { readBalance } from '../../services/access/read-balance.ts';

/** `GET /api/balance`: what the caller has left (SPEC point 7), refetched by the web on focus. */
export async function balanceRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/balance', { preHandler: authenticate(ctx) }, async (request): Promise<BalanceResponse> => {
    return readBalance(ctx, payerOf(request, requireUser(request)));
  });
}
