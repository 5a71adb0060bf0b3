import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { GATEWAY_BODY_LIMIT } from '../../http/body-limits.ts';
import { billingRoutes } from './billing.route.ts';
import { chatCompletionsRoute } from './chat-completions.route.ts';
import { mediaRoutes } from './media.route.ts';
import { modelsRoute } from './models.route.ts';
import { openAIErrorHandler } from './openai-error-reply.ts';

/**
 * The OpenAI-compatible API under `/v1`, on the app's own port. Its routes answer every error
 * (a bad body, an unknown path, a refused key) in OpenAI's shape, not the web API's. Other
 * dialects' routes register in this scope too.
 */
export async function v1Routes(app: FastifyInstance, ctx: AppContext) {
  await app.register(
    async (scope) => {
      scope.setErrorHandler(openAIErrorHandler);
      scope.setNotFoundHandler((request, reply) =>
        openAIErrorHandler(Object.assign(new Error(`Invalid URL (${request.method} ${request.url.split('?')[0]})`), { statusCode: 404 }), request, reply),
      );
      for (const register of [chatCompletionsRoute, modelsRoute, mediaRoutes, billingRoutes]) await register(scope, ctx);
    },
    { prefix: '/v1', bodyLimit: GATEWAY_BODY_LIMIT },
  );
}
