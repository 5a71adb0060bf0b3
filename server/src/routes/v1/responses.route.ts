import { responsesRequestSchema } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { runDialectCall } from '../../services/gateway/dialect-call.ts';
import { responsesPromptText } from '../../services/gateway/dialects/prompt-texts.ts';
import { fromResponsesRequest } from '../../services/gateway/dialects/responses/from-responses-request.ts';
import { responsesPassthrough } from '../../services/gateway/dialects/responses/responses-passthrough.ts';
import { ResponsesStreamWriter, type ResponsesEvent } from '../../services/gateway/dialects/responses/responses-stream-writer.ts';
import { compatibleRequest } from '../../services/gateway/upstream/openai-compatible-call.ts';
import { ChunkStream } from './chunk-stream.ts';
import { gatewayCallerOf } from './gateway-auth.ts';
import { openAIAnswer } from './openai-error-reply.ts';

const eventText = (events: ResponsesEvent[]) => events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');

/**
 * OpenAI Responses (`POST /v1/responses`), what Codex CLI speaks. An OpenAI model gets the body
 * as it came on OpenAI's own Responses API (stored responses and `previous_response_id`
 * included); any other model the canonical translation, its answer written back as Responses
 * events. Errors are OpenAI's, as on every `/v1` route of this dialect.
 */
export async function responsesRoute(app: FastifyInstance, ctx: AppContext) {
  app.post('/responses', async (request, reply) => {
    const caller = await gatewayCallerOf(ctx, request);
    const body = responsesRequestSchema.parse(request.body);
    const streamed = body.stream === true;
    const stream = new ChunkStream(reply);
    const writer = new ResponsesStreamWriter(body, body.model);
    let opened = false;
    const call = runDialectCall(ctx, {
      caller,
      dialect: 'openai-responses',
      clientIp: request.ip,
      signal: stream.signal,
      model: body.model,
      stream: streamed,
      nativeEndpoint: 'openAI',
      passthrough: async (target) => {
        const { url, headers, lookup, sentModel } = compatibleRequest(target, 'responses');
        return responsesPassthrough({ url: url.href, headers, lookup }, { ...(request.body as Record<string, unknown>), model: sentModel });
      },
      translate: () => fromResponsesRequest(body),
      promptText: responsesPromptText(body),
      maxOutputTokens: body.max_output_tokens ?? 0,
      onFrame: stream.writeFrame,
      onChunk: (json) => {
        const events = opened ? [] : writer.start();
        opened = true;
        stream.writeFrame(eventText([...events, ...writer.write(JSON.parse(json))]));
      },
    });
    if (!streamed) {
      const { json, passedThrough } = await call;
      return reply.type('application/json').send(passedThrough ? json : ResponsesStreamWriter.fromCompletion(body, body.model, JSON.parse(json!)));
    }
    try {
      const { passedThrough } = await call;
      stream.endWith(passedThrough ? '' : eventText([...(opened ? [] : writer.start()), ...writer.end()]));
    } catch (error) {
      if (!stream.started) throw error;
      const { error: failure } = openAIAnswer(error).body;
      stream.failWith(eventText([{ type: 'error', sequence_number: 0, code: failure.code, message: failure.message, param: failure.param }]));
    }
    return reply;
  });
}
