import { geminiGenerateRequestSchema, geminiModelActionSchema } from '@parley/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { runDialectCall } from '../../services/gateway/dialect-call.ts';
import { fromGeminiRequest } from '../../services/gateway/dialects/gemini/from-gemini-request.ts';
import { geminiPassthrough } from '../../services/gateway/dialects/gemini/gemini-passthrough.ts';
import type { GeminiResponse } from '../../services/gateway/dialects/gemini/gemini-types.ts';
import { geminiTarget } from '../../services/gateway/dialects/gemini/gemini-upstream.ts';
import { GeminiStreamWriter, toGeminiResponse } from '../../services/gateway/dialects/gemini/to-gemini-response.ts';
import { geminiPromptText } from '../../services/gateway/dialects/prompt-texts.ts';
import { countPromptTokens } from '../../services/gateway/count-tokens.ts';
import { ChunkStream } from './chunk-stream.ts';
import { dialectErrorHandler, geminiAnswer } from './dialect-errors.ts';
import { gatewayCallerOf } from './gateway-auth.ts';

const params = z.object({ modelAction: geminiModelActionSchema });
const query = z.looseObject({ alt: z.string().max(20).optional() });

const frameText = (frames: GeminiResponse[]) => frames.map((frame) => `data: ${JSON.stringify(frame)}\r\n\r\n`).join('');

function modelActionOf(request: FastifyRequest) {
  const { modelAction } = params.parse(request.params);
  const at = modelAction.lastIndexOf(':');
  return { model: modelAction.slice(0, at), action: modelAction.slice(at + 1) as 'generateContent' | 'streamGenerateContent' | 'countTokens' };
}

/**
 * Gemini's `POST /v1beta/models/{model}:generateContent`, `:streamGenerateContent?alt=sse` and
 * `:countTokens`, what Gemini CLI and `@google/genai` speak, with `x-goog-api-key` or `?key=` and
 * errors in Google's shape. A Gemini model gets the body as it came; any other model the
 * canonical translation, its answer written back as Gemini frames.
 */
export async function geminiRoutes(app: FastifyInstance, ctx: AppContext) {
  app.setErrorHandler(dialectErrorHandler(geminiAnswer));
  app.setNotFoundHandler((request, reply) => dialectErrorHandler(geminiAnswer)(new AppError('not_found', `Not found: ${request.url.split('?')[0]}`), request, reply));

  app.post('/models/:modelAction', async (request, reply) => {
    const caller = await gatewayCallerOf(ctx, request);
    const { model, action } = modelActionOf(request);
    const body = geminiGenerateRequestSchema.parse(request.body);
    if (action === 'countTokens') return { totalTokens: await countPromptTokens(ctx, caller, model, geminiPromptText(body)) };
    const streamed = action === 'streamGenerateContent';
    if (streamed && query.parse(request.query).alt !== 'sse') throw new AppError('validation', 'streamGenerateContent is answered as server-sent events only: add alt=sse', { param: 'alt' });
    const stream = new ChunkStream(reply);
    const writer = new GeminiStreamWriter(model, `parley-${Date.now().toString(36)}`);
    const call = runDialectCall(ctx, {
      caller,
      dialect: 'gemini',
      clientIp: request.ip,
      signal: stream.signal,
      model,
      stream: streamed,
      nativeEndpoint: 'google',
      passthrough: async (target) => geminiPassthrough(await geminiTarget(target.credentials, target.upstreamModel, action, stream.signal), request.body as Record<string, unknown>),
      translate: () => fromGeminiRequest(body, model, streamed),
      promptText: geminiPromptText(body),
      maxOutputTokens: body.generationConfig?.maxOutputTokens ?? 0,
      onFrame: stream.writeFrame,
      onChunk: (json) => stream.writeFrame(frameText(writer.write(JSON.parse(json)))),
    });
    if (!streamed) {
      const { json, passedThrough } = await call;
      return reply.type('application/json').send(passedThrough ? json : toGeminiResponse(JSON.parse(json!), model));
    }
    try {
      const { passedThrough } = await call;
      stream.endWith(passedThrough ? '' : frameText(writer.end()));
    } catch (error) {
      if (!stream.started) throw error;
      stream.failWith(`data: ${JSON.stringify(geminiAnswer(error).body)}\r\n\r\n`);
    }
    return reply;
  });
}
