import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { presentStartupConfig } from '../../presenters/present-startup-config.ts';

export async function configRoutes(app: FastifyInstance, ctx: AppContext) {
  // Built per request: the operator's prices, packs and announcement change while Parley runs.
  app.get('/api/config', async () => presentStartupConfig(ctx.env, ctx.businessSettings.current()));
}
