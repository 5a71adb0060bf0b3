import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppContext } from '../app/context.ts';
import { DEFAULT_BODY_LIMIT } from '../http/body-limits.ts';
import { fastifyTrustProxy } from '../config/trust-proxy.ts';
import { compression } from '../http/compression.ts';
import { errorHandler } from '../http/error-handler.ts';
import { rejectNul } from '../http/reject-nul.ts';
import { securityHeaders } from '../http/security-headers.ts';
import { startupGate } from '../http/startup-gate.ts';
import { watchForMissingProxy } from '../http/proxy-header-watch.ts';
import { serveSpa } from '../http/spa.ts';
import { configRoutes } from '../routes/config/config.route.ts';
import { healthRoutes } from '../routes/health/health.route.ts';
import { oauthRoutes } from '../routes/oauth/oauth.route.ts';
import { convosRoutes } from '../routes/convos/convos.route.ts';
import { messagesRoutes } from '../routes/messages/messages.route.ts';
import { askRoutes } from '../routes/ask/ask.route.ts';
import { authRoutes } from '../routes/auth/auth.route.ts';
import { passwordResetRoutes } from '../routes/auth/password-reset.route.ts';
import { userRoutes } from '../routes/user/user.route.ts';
import { keysRoutes } from '../routes/keys/keys.route.ts';
import { endpointsRoutes } from '../routes/endpoints/endpoints.route.ts';
import { modelsRoutes } from '../routes/models/models.route.ts';
import { presetsRoutes } from '../routes/presets/presets.route.ts';
import { searchRoutes } from '../routes/search/search.route.ts';
import { tokenizerRoutes } from '../routes/tokenizer/tokenizer.route.ts';
import { usageRoutes } from '../routes/usage/usage.route.ts';
import { payRoutes } from '../routes/pay/pay.route.ts';
import { ordersRoutes } from '../routes/orders/orders.route.ts';
import { accessRoutes } from '../routes/access/access.route.ts';
import { balanceRoutes } from '../routes/balance/balance.route.ts';
import { filesRoutes } from '../routes/files/files.route.ts';
import { pluginsRoutes } from '../routes/plugins/plugins.route.ts';
import { v1Routes } from '../routes/v1/v1.route.ts';
import { apiTokensRoutes } from '../routes/api-tokens/api-tokens.route.ts';
import { usageRecordsRoutes } from '../routes/usage/usage-records.route.ts';
import { myUsageRoutes } from '../routes/usage/my-usage.route.ts';
import { redeemRoutes } from '../routes/redeem/redeem.route.ts';
import { adminRoutes } from '../routes/admin/admin-routes.ts';
import { accountRoutes } from '../routes/account/account.route.ts';
import { importRoutes } from '../routes/convos/import.route.ts';
import { shareRoutes } from '../routes/share/share.route.ts';

/** Wires plugins and routes; every resource registers itself from its own folder. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    // Typed as Fastify's base logger so routes keep the default instance type.
    loggerInstance: ctx.log as FastifyBaseLogger,
    trustProxy: fastifyTrustProxy(ctx.env.TRUST_PROXY),
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Closing ends every connection, live event streams and unread answers included: a stream's
    // reply is saved and resumable elsewhere, and a close that waited on them could wait forever.
    forceCloseConnections: true,
  });
  app.setErrorHandler(errorHandler);
  securityHeaders(app);
  startupGate(app, ctx);
  watchForMissingProxy(app, ctx);
  await compression(app);
  app.addHook('preValidation', rejectNul);
  await app.register(fastifyCookie);

  const routes = [configRoutes, healthRoutes, convosRoutes, messagesRoutes, askRoutes, authRoutes, passwordResetRoutes, userRoutes, oauthRoutes, keysRoutes, endpointsRoutes, modelsRoutes, presetsRoutes, searchRoutes, tokenizerRoutes, usageRoutes, payRoutes, ordersRoutes, accessRoutes, balanceRoutes, filesRoutes, pluginsRoutes, apiTokensRoutes, usageRecordsRoutes, myUsageRoutes, accountRoutes, importRoutes, shareRoutes, redeemRoutes, adminRoutes, v1Routes];
  for (const register of routes) await register(app, ctx);

  await serveSpa(app, ctx.webDist);
  app.addHook('onClose', () => ctx.tokenCounter.close());
  app.addHook('onClose', () => ctx.workers.close());
  app.addHook('onClose', () => ctx.usageRecords.flush());
  return app;
}
