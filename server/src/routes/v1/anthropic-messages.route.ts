import { anthropicCountTokensSchema, anthropicMessagesRequestSchema } from '@parley/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { countMessageTokens } from '../../services/gateway/count-tokens.ts';
import { runDialectCall } from '../../services/gateway/dialect-call.ts';
import { anthropicPassthrough } from '../../services/gateway/dialects/anthropic/anthropic-passthrough.ts';
import { AnthropicStreamWriter } from '../../services/gateway/dialects/anthropic/anthropic-stream-writer.ts';
import type { AnthropicEvent } from '../../services/gateway/dialects/anthropic/anthropic-types.ts';
import { anthropicTarget } from '../../services/gateway/dialects/anthropic/anthropic-upstream.ts';
import { fromAnthropicRequest } from '../../services/gateway/dialects/anthropic/from-anthropic-request.ts';
import { toAnthropicResponse } from '../../services/gateway/dialects/anthropic/to-anthropic-response.ts';
import { anthropicPromptText } from '../../services/gateway/dialects/prompt-texts.ts';
import { ChunkStream } from './chunk-stream.ts';
import { anthropicAnswer, dialectErrorHandler } from './dialect-errors.ts';
import { gatewayCallerOf } from './gateway-auth.ts';

/** One event's frame; a text delta (nearly every frame of a reply) is written without stringifying its whole object. */
function frameOf(e: AnthropicEvent): string {
  if (e.type === 'content_block_delta' && e.delta.type === 'text_delta') {
    return `event: content_block_delta\ndata: {"type":"content_block_delta","index":${e.index},"delta":{"type":"text_delta","text":${JSON.stringify(e.delta.text)}}}\n\n`;
  }
  return `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`;
}

const eventText = (events: AnthropicEvent[]) => (events.length === 1 ? frameOf(events[0]!) : events.map(frameOf).join(''));

/**
 * The caller's `anthropic-version` (required, as Anthropic requires it) and `anthropic-beta`,
 * handed on when the body goes to Anthropic as it came.
 */
function anthropicHeaders(request: FastifyRequest): Record<string, string> {
  const version = request.headers['anthropic-version'];
  if (typeof version !== 'string' || version === '') throw new AppError('validation', 'anthropic-version: header is required', { param: 'anthropic-version' });
  const beta = request.headers['anthropic-beta'];
  return { 'anthropic-version': version, ...(typeof beta === 'string' && beta ? { 'anthropic-beta': beta } : {}) };
}

const rawBody = (request: FastifyRequest) => request.body as Record<string, unknown>;

/**
 * Anthropic Messages (`POST /v1/messages`, `/v1/messages/count_tokens`), what Claude Code and
 * the `@anthropic-ai/sdk` speak, with `x-api-key` or Bearer auth and errors in Anthropic's shape.
 * A Claude model gets the body as it came; any other model the canonical translation, its
 * answer written back as Anthropic's events.
 */
export async function anthropicMessagesRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    scope.setErrorHandler(dialectErrorHandler(anthropicAnswer));

    scope.post('/messages', async (request, reply) => {
      const caller = await gatewayCallerOf(ctx, request);
      const headers = anthropicHeaders(request);
      const body = anthropicMessagesRequestSchema.parse(request.body);
      const stream = new ChunkStream(reply);
      const writer = new AnthropicStreamWriter(body.model);
      const call = runDialectCall(ctx, {
        caller,
        dialect: 'anthropic-messages',
        clientIp: request.ip,
        signal: stream.signal,
        model: body.model,
        stream: body.stream === true,
        nativeEndpoint: 'anthropic',
        passthrough: async (target) =>
          anthropicPassthrough(anthropicTarget(target.credentials.baseURL, target.credentials.apiKey, '/messages', headers), { ...rawBody(request), model: target.upstreamModel }),
        translate: () => fromAnthropicRequest(body),
        promptText: anthropicPromptText(body),
        maxOutputTokens: body.max_tokens,
        onFrame: stream.writeFrame,
        onChunk: (json) => stream.writeFrame(eventText(writer.write(JSON.parse(json)))),
      });
      if (!body.stream) {
        const { json, passedThrough } = await call;
        return reply.type('application/json').send(passedThrough ? json : toAnthropicResponse(JSON.parse(json!), body.model));
      }
      try {
        const { passedThrough } = await call;
        stream.endWith(passedThrough ? '' : eventText(writer.end()));
      } catch (error) {
        if (!stream.started) throw error;
        stream.failWith(eventText([{ type: 'error', error: (anthropicAnswer(error).body as { error: { type: string; message: string } }).error }]));
      }
      return reply;
    });

    scope.post('/messages/count_tokens', async (request) => {
      const caller = await gatewayCallerOf(ctx, request);
      const headers = anthropicHeaders(request);
      const body = anthropicCountTokensSchema.parse(request.body);
      return countMessageTokens(ctx, caller, body, rawBody(request), headers, new AbortController().signal);
    });
  });
}
