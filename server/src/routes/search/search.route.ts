import { searchQuerySchema } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import { authenticate, requireUser } from '../../http/authenticate.ts';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { lookupGuard } from '../../http/abuse-guard.ts';
import { searchMessages } from '../../services/search/message-search.ts';
import { presentSearchPage } from '../../presenters/present-search.ts';

export async function searchRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = authenticate(ctx);

  app.get('/api/search/enable', { preHandler }, async () => ctx.env.SEARCH);

  app.get('/api/search', { preHandler: [preHandler, lookupGuard(ctx, 'search')] }, async (request) => {
    const user = requireUser(request);
    if (!ctx.env.SEARCH) throw new AppError('not_found', 'Search is disabled.');
    const { q, pageNumber } = searchQuerySchema.parse(request.query);
    return presentSearchPage(await searchMessages(ctx.db, user.id, q, pageNumber));
  });
}
