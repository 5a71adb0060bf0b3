import type { ModelsConfig } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../../http/authenticate.ts';
import type { AppContext } from '../../app/context.ts';
import { createModelLists } from '../../services/models/model-lists.ts';

export async function modelsRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = authenticate(ctx);
  const lists = createModelLists(ctx.env, {
    onFetchError: (endpoint, error) => ctx.log.warn({ err: error, endpoint }, 'live model list unavailable; serving the catalog list'),
  });
  app.get('/api/models', { preHandler }, async (): Promise<ModelsConfig> => lists.all());
}
