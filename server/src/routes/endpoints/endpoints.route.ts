import type { EndpointsConfig } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../../http/authenticate.ts';
import type { AppContext } from '../../app/context.ts';
import { keysWithoutProvider, presentEndpointsConfig } from '../../presenters/present-endpoints-config.ts';
import { pluginNames } from '../../services/plugins/plugin-catalog.ts';

export async function endpointsRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = authenticate(ctx);
  // The configuration is fixed for the life of the process, so the answer is built once.
  const body = presentEndpointsConfig(ctx.env, pluginNames(ctx), (endpoint) => ctx.channels.servesEndpoint(endpoint));
  for (const variable of keysWithoutProvider(ctx.env)) {
    ctx.log.warn({ variable }, `${variable} is set, but Parley has no provider for that endpoint: it is not offered`);
  }
  app.get('/api/endpoints', { preHandler }, async (): Promise<EndpointsConfig> => body);
}
