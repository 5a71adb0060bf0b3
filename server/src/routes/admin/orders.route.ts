import { adminOrderIdSchema, adminOrdersQuerySchema, refundOrderRequestSchema } from '@parley/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { consoleCallerOf } from './console-caller.ts';
import { listOrdersForConsole, refundOrderFromConsole, requeryOrderFromConsole } from '../../services/payments/order-console.ts';

const idOf = (request: FastifyRequest) => adminOrderIdSchema.parse(request.params).id;

/** The console's Orders section: list and search, refund a paid order, re-query a pending one from the gateway. */
export async function ordersConsoleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/orders', async (request) => listOrdersForConsole(ctx.db, adminOrdersQuerySchema.parse(request.query ?? {})));
  app.post('/orders/:id/refund', async (request) => refundOrderFromConsole(ctx.db, consoleCallerOf(request), idOf(request), refundOrderRequestSchema.parse(request.body ?? {}).reason));
  app.post('/orders/:id/requery', async (request) => requeryOrderFromConsole(ctx, consoleCallerOf(request), idOf(request)));
}
