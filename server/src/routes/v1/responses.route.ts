import { responseIdParamsSchema, responseRetrieveQuerySchema, responsesRequestSchema, type ResponsesRequest } from '@parley/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { openEventStream, pipeStream } from '../../http/sse.ts';
import {
  backgroundFrameText,
  cancelBackgroundResponse,
  readBackgroundResponse,
  startBackgroundResponse,
  type BackgroundIo,
} from '../../services/gateway/background-responses.ts';
import { runDialectCall } from '../../services/gateway/dialect-call.ts';
import { responsesPromptText } from '../../services/gateway/dialects/prompt-texts.ts';
import { fromResponsesRequest } from '../../services/gateway/dialects/responses/from-responses-request.ts';
import { responsesPassthrough } from '../../services/gateway/dialects/responses/responses-passthrough.ts';
import { ResponsesStreamWriter, type ResponsesEvent } from '../../services/gateway/dialects/responses/responses-stream-writer.ts';
import type { GatewayCaller } from '../../services/gateway/gateway-caller.ts';
import { compatibleRequest } from '../../services/gateway/upstream/openai-compatible-call.ts';
import { ChunkStream } from './chunk-stream.ts';
import { gatewayCallerOf } from './gateway-auth.ts';
import { openAIAnswer } from './openai-error-reply.ts';

const eventText = (events: ResponsesEvent[]) => events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');

/** A failure after the stream began, as the Responses `error` event. */
function errorEvent(error: unknown): ResponsesEvent {
  const { error: failure } = openAIAnswer(error).body;
  return { type: 'error', sequence_number: 0, code: failure.code, message: failure.message, param: failure.param };
}

/** Where a call's output goes: whole passed-through frames, or the translation's events. */
interface ResponsesOut {
  frame(text: string): void;
  events(events: ResponsesEvent[]): void;
}

/**
 * One Responses call: an OpenAI model gets the body as it came (a background one as a plain
 * stream: Parley keeps it resumable itself), any other model the canonical translation.
 * `closing` gives a translated stream's last events.
 */
function responsesCall(ctx: AppContext, request: FastifyRequest, caller: GatewayCaller, body: ResponsesRequest, signal: AbortSignal, out: ResponsesOut) {
  const streamed = body.stream === true || body.background === true;
  const writer = new ResponsesStreamWriter(body, body.model);
  let opened = false;
  const opening = () => {
    const events = opened ? [] : writer.start();
    opened = true;
    return events;
  };
  const answer = runDialectCall(ctx, {
    caller,
    dialect: 'openai-responses',
    clientIp: request.ip,
    signal,
    model: body.model,
    stream: streamed,
    nativeEndpoint: 'openAI',
    passthrough: async (target) => {
      const { url, headers, lookup, sentModel } = compatibleRequest(target, 'responses');
      const { background, ...sent } = request.body as Record<string, unknown>;
      return responsesPassthrough({ url: url.href, headers, lookup }, { ...sent, model: sentModel, ...(background ? { stream: true } : {}) });
    },
    translate: () => fromResponsesRequest({ ...body, stream: streamed }),
    promptText: responsesPromptText(body),
    maxOutputTokens: body.max_output_tokens ?? 0,
    onFrame: out.frame,
    onChunk: (json) => out.events([...opening(), ...writer.write(JSON.parse(json))]),
  });
  return { answer, closing: () => [...opening(), ...writer.end()] };
}

/** A `background: true` call: run detached, answered at once (the response so far) or as its stream, which the caller may leave and resume. */
async function startInBackground(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, caller: GatewayCaller, body: ResponsesRequest) {
  if (body.store === false) throw new AppError('validation', 'Background mode requires store to be true.', { param: 'background' });
  const id = await startBackgroundResponse(ctx, caller.userId, async (io: BackgroundIo) => {
    const call = responsesCall(ctx, request, caller, body, io.signal, { frame: io.frame, events: (events) => events.forEach(io.event) });
    try {
      const { passedThrough } = await call.answer;
      if (!passedThrough) call.closing().forEach(io.event);
    } catch (error) {
      if (io.started && !io.signal.aborted) io.event(errorEvent(error));
      throw error;
    }
  });
  if (body.stream !== true) return reply.send((await readBackgroundResponse(ctx, caller.userId, id)).response);
  openEventStream(reply);
  await pipeStream(reply, ctx.streams, id, -1, { format: backgroundFrameText(-1) });
  return reply;
}

/**
 * OpenAI Responses (`POST /v1/responses`), what Codex CLI speaks. An OpenAI model gets the body
 * as it came on OpenAI's own Responses API (stored responses and `previous_response_id`
 * included); any other model the canonical translation, its answer written back as Responses
 * events. With `background: true` the response runs on without its caller: `GET
 * /v1/responses/{id}` reads it (`?stream=true&starting_after=N` resumes its events) and `POST
 * /v1/responses/{id}/cancel` stops it, from any instance. Errors are OpenAI's.
 */
export async function responsesRoute(app: FastifyInstance, ctx: AppContext) {
  app.post('/responses', async (request, reply) => {
    const caller = await gatewayCallerOf(ctx, request);
    const body = responsesRequestSchema.parse(request.body);
    if (body.background === true) return startInBackground(ctx, request, reply, caller, body);
    const stream = new ChunkStream(reply);
    const call = responsesCall(ctx, request, caller, body, stream.signal, { frame: stream.writeFrame, events: (events) => stream.writeFrame(eventText(events)) });
    if (body.stream !== true) {
      const { json, passedThrough } = await call.answer;
      return reply.type('application/json').send(passedThrough ? json : ResponsesStreamWriter.fromCompletion(body, body.model, JSON.parse(json!)));
    }
    try {
      const { passedThrough } = await call.answer;
      stream.endWith(passedThrough ? '' : eventText(call.closing()));
    } catch (error) {
      if (!stream.started) throw error;
      stream.failWith(eventText([errorEvent(error)]));
    }
    return reply;
  });

  app.get('/responses/:id', async (request, reply) => {
    const caller = await gatewayCallerOf(ctx, request);
    const { id } = responseIdParamsSchema.parse(request.params);
    const query = responseRetrieveQuerySchema.parse(request.query);
    const state = await readBackgroundResponse(ctx, caller.userId, id);
    if (query.stream !== 'true') return reply.send(state.response);
    const after = query.starting_after ?? -1;
    openEventStream(reply);
    await pipeStream(reply, ctx.streams, id, after, { format: backgroundFrameText(after) });
    return reply;
  });

  app.post('/responses/:id/cancel', async (request, reply) => {
    const caller = await gatewayCallerOf(ctx, request);
    const { id } = responseIdParamsSchema.parse(request.params);
    return reply.send(await cancelBackgroundResponse(ctx, caller.userId, id));
  });
}
