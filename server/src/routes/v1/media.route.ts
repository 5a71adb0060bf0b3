import { embeddingsRequestSchema, imageGenerationRequestSchema } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { runEmbeddingsCall, runImageCall } from '../../services/gateway/media-call.ts';
import { clientGone } from './client-gone.ts';
import { gatewayCallerOf } from './gateway-auth.ts';

/** `POST /v1/images/generations` and `POST /v1/embeddings`, answered as the upstream answered. */
export async function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/images/generations', async (request, reply) => {
    const caller = await gatewayCallerOf(ctx, request);
    const body = imageGenerationRequestSchema.parse(request.body);
    const json = await runImageCall(ctx, { caller, request: body, clientIp: request.ip, signal: clientGone(reply).signal });
    return reply.type('application/json').send(json);
  });

  app.post('/embeddings', async (request, reply) => {
    const caller = await gatewayCallerOf(ctx, request);
    const body = embeddingsRequestSchema.parse(request.body);
    const json = await runEmbeddingsCall(ctx, { caller, request: body, clientIp: request.ip, signal: clientGone(reply).signal });
    return reply.type('application/json').send(json);
  });
}
