import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { presentStartupConfig } from '../../presenters/present-startup-config.ts';

export async function configRoutes(app: FastifyInstance, ctx: AppContext) {
  const body = presentStartupConfig(ctx.env);
  app.get('/api/config', async () => body);
}
