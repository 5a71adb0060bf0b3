import type { AdminSession } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { adminOf } from '../../http/require-admin.ts';

/** `GET /api/admin/session`: who the console is open for (the web asks before showing it). */
export async function sessionRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  app.get('/session', async (request): Promise<AdminSession> => ({ actor: adminOf(request) }));
}
