import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { billingSubscription, billingUsage } from '../../services/gateway/billing.ts';
import { gatewayCallerOf } from './gateway-auth.ts';

/** The billing answers clients such as ChatBox and Cherry Studio show a balance from (one-api's shapes). */
export async function billingRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/dashboard/billing/subscription', async (request) => billingSubscription(ctx, await gatewayCallerOf(ctx, request)));
  app.get('/dashboard/billing/usage', async (request) => billingUsage(ctx, await gatewayCallerOf(ctx, request)));
}
