import { tokenizerRequestSchema, type TokenCount } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../../http/authenticate.ts';
import type { AppContext } from '../../app/context.ts';
import { lookupGuard } from '../../http/abuse-guard.ts';

export async function tokenizerRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = [authenticate(ctx), lookupGuard(ctx, 'tokenizer')];

  app.post('/api/tokenizer', { preHandler }, async (request): Promise<TokenCount> => {
    const { arg } = tokenizerRequestSchema.parse(request.body ?? {});
    return { count: await ctx.tokenCounter.count(arg) };
  });
}
