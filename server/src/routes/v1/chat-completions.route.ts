import { chatCompletionRequestSchema } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { runChatCall } from '../../services/gateway/chat-call.ts';
import { ChunkStream } from './chunk-stream.ts';
import { gatewayCallerOf } from './gateway-auth.ts';

/** `POST /v1/chat/completions`: OpenAI's Chat Completions, streamed or not, for any model the caller may use. */
export async function chatCompletionsRoute(app: FastifyInstance, ctx: AppContext) {
  app.post('/chat/completions', async (request, reply) => {
    const caller = await gatewayCallerOf(ctx, request);
    const body = chatCompletionRequestSchema.parse(request.body);
    const stream = new ChunkStream(reply);
    const call = { caller, request: body, dialect: 'openai-chat' as const, clientIp: request.ip, signal: stream.signal };
    if (!body.stream) {
      const { completionJson } = await runChatCall(ctx, call);
      return reply.type('application/json').send(completionJson);
    }
    try {
      await runChatCall(ctx, { ...call, onChunk: stream.write });
      stream.end();
    } catch (error) {
      // Before the first chunk the error is answered with its status, by the error handler.
      if (!stream.started) throw error;
      stream.fail(error);
    }
    return reply;
  });
}
