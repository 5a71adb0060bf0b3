import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { GATEWAY_BODY_LIMIT } from '../../http/body-limits.ts';
import { anthropicMessagesRoutes } from './anthropic-messages.route.ts';
import { billingRoutes } from './billing.route.ts';
import { chatCompletionsRoute } from './chat-completions.route.ts';
import { geminiRoutes } from './gemini.route.ts';
import { mediaRoutes } from './media.route.ts';
import { modelsRoute } from './models.route.ts';
import { openAIErrorHandler } from './openai-error-reply.ts';
import { responsesRoute } from './responses.route.ts';

/**
 * The OpenAI-compatible API under `/v1`, on the app's own port. Its routes answer every error
 * (a bad body, an unknown path, a refused key) in OpenAI's shape, not the web API's; the
 * Anthropic Messages routes answer in Anthropic's, and Gemini's routes (under `/v1beta`) in Google's.
 */
export async function v1Routes(app: FastifyInstance, ctx: AppContext) {
  await app.register(
    async (scope) => {
      scope.setErrorHandler(openAIErrorHandler);
      scope.setNotFoundHandler((request, reply) =>
        openAIErrorHandler(Object.assign(new Error(`Invalid URL (${request.method} ${request.url.split('?')[0]})`), { statusCode: 404 }), request, reply),
      );
      for (const register of [chatCompletionsRoute, modelsRoute, mediaRoutes, billingRoutes, anthropicMessagesRoutes, responsesRoute]) await register(scope, ctx);
    },
    { prefix: '/v1', bodyLimit: GATEWAY_BODY_LIMIT },
  );
  // Gemini's API lives under its own version prefix, with Google's error shape.
  await app.register((scope) => geminiRoutes(scope, ctx), { prefix: '/v1beta', bodyLimit: GATEWAY_BODY_LIMIT });
}
