import type { PayType } from '@parley/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { epayConfig } from '../../services/payments/epay-config.ts';
import { findOrder, gatewayUrl } from '../../services/payments/order-service.ts';
import { epayNotifySchema, settleNotification } from '../../services/payments/order-settler.ts';

const MINUTE_MS = 60_000;
/** The gateway retries a failed notification; a few a second per IP is plenty. */
const NOTIFY_MAX_PER_MINUTE = 240;
const NOTIFY_BODY_LIMIT = 8 * 1024;
const orderParams = z.object({ orderId: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/) });

/** `GET /pay/<orderId>` sends the payer to the gateway; the gateway reports the payment to `/api/pay/notify`. */
export async function payRoutes(app: FastifyInstance, ctx: AppContext) {
  const lookupLimit = rateLimit({ limiter: ctx.limiter, name: 'pay', max: ctx.env.LOOKUP_MAX, windowMs: MINUTE_MS, code: 'rate_limited' });
  const notifyLimit = rateLimit({ limiter: ctx.limiter, name: 'pay-notify', max: NOTIFY_MAX_PER_MINUTE, windowMs: MINUTE_MS, code: 'rate_limited' });

  app.get('/pay/:orderId', { preHandler: lookupLimit }, async (request, reply) => {
    const order = await findOrder(ctx, orderParams.parse(request.params).orderId);
    if (!order) throw new AppError('not_found', 'No such order.');
    const config = epayConfig(ctx.env, order.type as PayType);
    if (!config) throw new AppError('not_found', 'Payments are not configured on this server.');
    if (order.status !== 'pending') throw new AppError('validation', 'This order is already paid, failed or refunded.');
    return reply.redirect(gatewayUrl(config, order, ctx.env.APP_TITLE), 302);
  });

  const notify = (source: (request: FastifyRequest) => unknown) => async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = epayNotifySchema.safeParse(source(request) ?? {});
    const verdict = parsed.success ? await settleNotification(ctx, parsed.data) : 'fail';
    return reply.type('text/plain; charset=utf-8').send(verdict);
  };

  // The form parser lives in this scope only: no other route accepts form bodies.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.get('/api/pay/notify', { preHandler: notifyLimit }, notify((request) => request.query));
    scope.post('/api/pay/notify', { preHandler: notifyLimit, bodyLimit: NOTIFY_BODY_LIMIT }, notify((request) => request.body));
  });
}
