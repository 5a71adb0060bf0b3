import { createOrderRequestSchema, getUsageRequestSchema, type GetUsageResponse } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { usableQuota } from '../../services/access/access-key-store.ts';
import { createOrder } from '../../services/payments/order-service.ts';

const MINUTE_MS = 60_000;

/** The quota lookup and top-up order of 额度管理 (SPEC point 7): the key in the body authenticates. */
export async function usageRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = rateLimit({ limiter: ctx.limiter, name: 'usage', max: ctx.env.LOOKUP_MAX, windowMs: MINUTE_MS, code: 'rate_limited' });

  app.post('/api/ask/usage/getusage', { preHandler }, async (request): Promise<GetUsageResponse> => {
    const { apikey } = getUsageRequestSchema.parse(request.body);
    return { usage: await usableQuota(ctx.db, apikey.replace(/\s+/g, '')) };
  });

  app.post('/api/ask/usage/createorder', { preHandler }, async (request) => createOrder(ctx, createOrderRequestSchema.parse(request.body)));
}
