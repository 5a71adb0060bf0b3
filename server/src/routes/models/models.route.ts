import type { ModelCosts, ModelRetirements, ModelsConfig } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import { modelCallerOf } from '../../http/access-identity.ts';
import { authenticate, requireUser } from '../../http/authenticate.ts';
import type { AppContext } from '../../app/context.ts';
import { modelCostLists } from '../../services/access/model-costs.ts';
import { offeredModelLists, retiringModelLists } from '../../services/models/offered-model.ts';

export async function modelsRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = authenticate(ctx);
  app.get('/api/models', { preHandler }, async (request): Promise<ModelsConfig> => offeredModelLists(ctx, modelCallerOf(requireUser(request))));
  // Only a caller who pays per call (an access key, a free visitor) is shown prices; an account is not.
  app.get('/api/models/costs', { preHandler }, async (request): Promise<ModelCosts> => {
    const user = requireUser(request);
    return user.access ? modelCostLists(ctx, modelCallerOf(user)) : {};
  });
  app.get('/api/models/retiring', { preHandler }, async (request): Promise<ModelRetirements> => retiringModelLists(ctx, modelCallerOf(requireUser(request))));
}
