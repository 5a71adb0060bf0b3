import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app/context.ts';

/**
 * While the migrations run after the server started listening, only the health routes answer;
 * everything else gets 503 with Retry-After rather than a query against a half-built schema.
 */
export function startupGate(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', async (request, reply) => {
    if (ctx.readiness.ready || request.url.startsWith('/api/health')) return;
    return reply
      .status(503)
      .header('retry-after', '5')
      .send({ error: 'internal', message: 'Parley is starting: the database is being updated. Try again in a moment.', status: 503 });
  });
}
