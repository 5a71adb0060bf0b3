import { dailySpendQuerySchema, myOrdersQuerySchema, type DailySpend, type MyOrderPage } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { authenticate, requireUser } from '../../http/authenticate.ts';
import { readMyOrders } from '../../services/payments/my-orders.ts';
import { readDailySpend } from '../../services/usage-records/daily-spend.ts';

/**
 * The "My usage" page's own reads, each of the caller's own row only (an account's, or one key's):
 * `GET /api/usage/daily`, its spend per day in its time zone; `GET /api/usage/orders`, its orders.
 */
export async function myUsageRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/usage/daily', { preHandler: authenticate(ctx) }, async (request): Promise<DailySpend> => {
    const user = requireUser(request);
    const query = dailySpendQuerySchema.parse(request.query);
    return readDailySpend(ctx.db, user.id, { days: query.days, timeZone: query.tz });
  });

  app.get('/api/usage/orders', { preHandler: authenticate(ctx) }, async (request): Promise<MyOrderPage> => {
    const user = requireUser(request);
    const query = myOrdersQuerySchema.parse(request.query);
    // A visitor without a key buys nothing of its own: a new key's order belongs to the key it makes.
    if (user.access?.kind === 'visitor') return { orders: [], nextBefore: null };
    const owner = user.access?.kind === 'key' ? { kind: 'key' as const, keyId: user.access.keyId } : { kind: 'account' as const, userId: user.id };
    return readMyOrders(ctx.db, owner, query);
  });
}
