import { creditsOrderRequestSchema, keyOrderRequestSchema, type CreatedOrder, type OrderView } from '@parley/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { authenticate, requireUser } from '../../http/authenticate.ts';
import { readOrderCookie, setOrderCookie } from '../../http/order-cookie.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { createCreditsOrder, createKeyOrder, type NewOrder } from '../../services/payments/buyer-orders.ts';
import { viewOrder } from '../../services/payments/order-view.ts';

const MINUTE_MS = 60_000;
/** Orders a browser may place a minute: a few purchases, not a flood of rows. */
const ORDERS_PER_MINUTE = 20;
const orderParams = z.object({ orderId: z.string().min(1).max(64).regex(/^[A-Za-z0-9]+$/) });

/**
 * A buyer's orders: a new key or a key's top-up (`/key`, the key in the body), an account's
 * credits (`/credits`), and the order page's view of one order, for the browser that placed it.
 */
export async function ordersRoutes(app: FastifyInstance, ctx: AppContext) {
  const placeLimit = rateLimit({ limiter: ctx.limiter, name: 'orders', max: ORDERS_PER_MINUTE, windowMs: MINUTE_MS, code: 'rate_limited' });
  const viewLimit = rateLimit({ limiter: ctx.limiter, name: 'order-view', max: ctx.env.LOOKUP_MAX, windowMs: MINUTE_MS, code: 'rate_limited' });
  const placed = (reply: FastifyReply, order: NewOrder): CreatedOrder => {
    setOrderCookie(ctx.env, reply, order.orderId, order.browserSecret);
    return { orderId: order.orderId, payUrl: order.payUrl };
  };

  app.post('/api/orders/key', { preHandler: placeLimit }, async (request, reply) => placed(reply, await createKeyOrder(ctx, keyOrderRequestSchema.parse(request.body))));

  app.post('/api/orders/credits', { preHandler: [placeLimit, authenticate(ctx)] }, async (request, reply) => {
    const user = requireUser(request);
    if (user.access) throw new AppError('forbidden', 'Credits are bought by an account; a key buys quota.');
    return placed(reply, await createCreditsOrder(ctx, user.id, creditsOrderRequestSchema.parse(request.body)));
  });

  app.get('/api/orders/:orderId', { preHandler: viewLimit }, async (request, reply): Promise<OrderView> => {
    const { orderId } = orderParams.parse(request.params);
    const order = await viewOrder(ctx, orderId, readOrderCookie(request, orderId));
    if (!order) throw new AppError('not_found', 'No such order in this browser.');
    void reply.header('cache-control', 'no-store');
    return order;
  });
}
