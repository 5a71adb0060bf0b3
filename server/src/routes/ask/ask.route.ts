import { abortRequestSchema, askRequestSchema, chatErrorText, errorEvent, resolveEndpoint, resumeQuerySchema } from '@parley/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { modelCallerOf, payerOf } from '../../http/access-identity.ts';
import { authenticate, requireUser } from '../../http/authenticate.ts';
import { LARGE_BODY_LIMIT } from '../../http/body-limits.ts';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { messageGuard, type Refusal } from '../../http/abuse-guard.ts';
import { abortExchange } from '../../services/chat/abort-exchange.ts';
import { watchForDeadStream } from '../../services/chat/dead-stream.ts';
import { prepareExchange } from '../../services/chat/prepare-exchange.ts';
import { startExchange } from '../../services/chat/start-exchange.ts';
import { formatFrame, openEventStream, pipeStream } from '../../http/sse.ts';

const endpointParams = z.object({ endpoint: z.string().min(1).max(64) });
const streamParams = z.object({ streamId: z.string().min(1).max(200) });

function endpointOf(request: FastifyRequest) {
  const endpoint = resolveEndpoint(endpointParams.parse(request.params).endpoint);
  if (!endpoint) throw new AppError('unknown_endpoint');
  return endpoint;
}

/** A chat refused before any stream exists answers one error frame, as the streaming contract has it (`ban` logs the web out). */
function refuseChat(reply: FastifyReply, refusal: Refusal) {
  const text =
    refusal.kind === 'ban'
      ? chatErrorText('ban')
      : chatErrorText('message_limit', { max: refusal.max, windowInMinutes: refusal.windowMs / 60_000 });
  openEventStream(reply);
  reply.raw.end(formatFrame({ event: 'error', data: errorEvent({ text }) }));
}

/**
 * The chat stream: `POST /api/ask/:endpoint` (and `/api/edit/:endpoint` for edits) answers
 * server-sent events; abort and resume work from any instance through the stream registry.
 */
export async function askRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = authenticate(ctx);
  const messagePreHandler = [preHandler, messageGuard(ctx, refuseChat)];

  const ask = (route: 'ask' | 'edit') => async (request: FastifyRequest, reply: FastifyReply) => {
    const user = requireUser(request);
    const endpoint = endpointOf(request);
    const body = askRequestSchema.parse(request.body);
    const exchange = await prepareExchange(ctx, { id: user.id, visitor: user.access?.kind === 'visitor', ...modelCallerOf(user) }, endpoint, body, route);
    const started = await startExchange(ctx, exchange, request.id, payerOf(request, user), request.ip);
    openEventStream(reply);
    if (!started.ok) return void reply.raw.end(formatFrame({ event: 'error', data: errorEvent(started.error) }));
    await pipeStream(reply, ctx.streams, started.streamId, -1);
  };

  app.post('/api/ask/:endpoint', { preHandler: messagePreHandler, bodyLimit: LARGE_BODY_LIMIT }, ask('ask'));
  app.post('/api/edit/:endpoint', { preHandler: messagePreHandler, bodyLimit: LARGE_BODY_LIMIT }, ask('edit'));

  app.post('/api/ask/:endpoint/abort', { preHandler }, async (request) => {
    const user = requireUser(request);
    endpointOf(request);
    const { abortKey } = abortRequestSchema.parse(request.body);
    return abortExchange(ctx, user.id, abortKey);
  });

  app.get('/api/ask/stream/:streamId', { preHandler }, async (request, reply) => {
    const user = requireUser(request);
    const { streamId } = streamParams.parse(request.params);
    const { after } = resumeQuerySchema.parse(request.query);
    const info = await ctx.streams.find(user.id, streamId);
    if (info?.streamId !== streamId) throw new AppError('not_found', 'No such stream.');
    openEventStream(reply);
    const stopWatching = watchForDeadStream(ctx, info);
    try {
      await pipeStream(reply, ctx.streams, streamId, after);
    } finally {
      stopWatching();
    }
  });
}
