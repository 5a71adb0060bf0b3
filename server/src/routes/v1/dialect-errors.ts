import type { FastifyReply, FastifyRequest } from 'fastify';
import { openAIAnswer } from './openai-error-reply.ts';

/**
 * The error bodies of the Anthropic and Gemini dialects. The status of each case is the one the
 * OpenAI dialect answers (`openAIAnswer`, the one table of cases); only the body's shape differs,
 * so a client of each SDK reads the failure as its own API's.
 */

const anthropicTypes: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  503: 'overloaded_error',
  529: 'overloaded_error',
};

const googleStatuses: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

export interface DialectErrorAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Anthropic's `{type: 'error', error: {type, message}}`; a spent quota is its `billing_error` (402). */
export function anthropicAnswer(error: unknown): DialectErrorAnswer {
  const answer = openAIAnswer(error);
  const status = answer.body.error.type === 'insufficient_quota' ? 402 : answer.status;
  const type = anthropicTypes[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
  return { status, body: { type: 'error', error: { type, message: answer.body.error.message } }, headers: answer.headers };
}

/** Google's `{error: {code, message, status}}`; a wrong key is its 400 `API_KEY_INVALID`, as Gemini CLI expects. */
export function geminiAnswer(error: unknown): DialectErrorAnswer {
  const answer = openAIAnswer(error);
  if (answer.body.error.code === 'invalid_api_key') {
    const details = [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }];
    return { status: 400, body: { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT', details } } };
  }
  const status = answer.body.error.type === 'insufficient_quota' ? 429 : answer.status;
  const googleStatus = googleStatuses[status] ?? (status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT');
  return { status, body: { error: { code: status, message: answer.body.error.message, status: googleStatus } }, headers: answer.headers };
}

/** A Fastify error handler that answers in one dialect's shape. */
export function dialectErrorHandler(answerOf: (error: unknown) => DialectErrorAnswer) {
  return function dialectError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
    const { status, body, headers } = answerOf(error);
    if (status >= 500 && status !== 503) request.log.error({ err: error }, 'API call failed');
    if (headers) reply.headers(headers);
    return reply.status(status).send(body);
  };
}
