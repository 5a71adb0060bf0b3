import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';

type Check = 'ok' | 'unavailable' | 'not_configured';

/** A probe must answer fast even when a dependency hangs: a check that takes longer has failed. */
const checkTimeoutMs = 2_000;

async function check(probe: (() => Promise<unknown>) | undefined): Promise<Check> {
  if (!probe) return 'not_configured';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), checkTimeoutMs);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /api/health`: whether the database and Redis (when configured) answer, 503 when one
 * does not. `GET /api/health/ready`: 503 until the start-up migrations have run, then the
 * same checks; load balancers route to an instance only once it is ready.
 */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  const dependencies = async () => {
    const [database, redis] = await Promise.all([check(() => ctx.db.execute(sql`select 1`)), check(ctx.streams.ping?.bind(ctx.streams))]);
    return { database, redis };
  };

  app.get('/api/health', async (_request, reply) => {
    const checks = await dependencies();
    const healthy = checks.database === 'ok' && checks.redis !== 'unavailable';
    return reply.status(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'unavailable', ...checks });
  });

  app.get('/api/health/ready', async (_request, reply) => {
    if (!ctx.readiness.ready) return reply.status(503).send({ status: 'migrating' });
    const checks = await dependencies();
    const ready = checks.database === 'ok' && checks.redis !== 'unavailable';
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', ...checks });
  });
}
