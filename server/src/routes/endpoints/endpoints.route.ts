import type { EndpointsConfig } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../../http/authenticate.ts';
import type { AppContext } from '../../app/context.ts';
import { presentEndpointsConfig } from '../../services/endpoints/endpoints-config.ts';

/** No plugin (tool) is installed on this server, so gptPlugins offers an empty plugin map. */
const installedPlugins: Record<string, string> = {};

export async function endpointsRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = authenticate(ctx);
  // The configuration is fixed for the life of the process, so the answer is built once.
  const body = presentEndpointsConfig(ctx.env, installedPlugins);
  app.get('/api/endpoints', { preHandler }, async (): Promise<EndpointsConfig> => body);
}
