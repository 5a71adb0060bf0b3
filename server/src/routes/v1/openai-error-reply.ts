import { openAIErrorBody, type ErrorCode, type OpenAIErrorBody, type OpenAIErrorType } from '@parley/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../../app/errors.ts';
import { UpstreamRefusal } from '../../services/gateway/gateway-failure.ts';

interface OpenAIAnswer {
  status: number;
  body: OpenAIErrorBody;
  headers?: Record<string, string>;
}

/** Each of Parley's codes as OpenAI answers the case: status, `type`, `code`. */
const asOpenAI: Partial<Record<ErrorCode, [number, OpenAIErrorType, string | null]>> = {
  unauthorized: [401, 'invalid_request_error', null],
  invalid_api_key: [401, 'invalid_request_error', 'invalid_api_key'],
  accounts_disabled: [401, 'invalid_request_error', 'invalid_api_key'],
  banned: [403, 'permission_error', 'account_deactivated'],
  forbidden: [403, 'permission_error', null],
  not_found: [404, 'invalid_request_error', 'unknown_url'],
  model_not_found: [404, 'invalid_request_error', 'model_not_found'],
  model_not_offered: [404, 'invalid_request_error', 'model_not_found'],
  rate_limited: [429, 'rate_limit_error', 'rate_limit_exceeded'],
  message_limit: [429, 'rate_limit_error', 'rate_limit_exceeded'],
  concurrent: [429, 'rate_limit_error', 'rate_limit_exceeded'],
  insufficient_quota: [429, 'insufficient_quota', 'insufficient_quota'],
  token_balance: [429, 'insufficient_quota', 'insufficient_quota'],
  content_filtered: [400, 'invalid_request_error', 'content_filter'],
  upstream_overloaded: [503, 'server_error', 'overloaded'],
  service_unavailable: [503, 'server_error', 'service_unavailable'],
  upstream_error: [502, 'server_error', 'upstream_error'],
};

function fromZod(error: ZodError): OpenAIAnswer {
  const issue = error.issues[0];
  const param = issue && issue.path.length > 0 ? issue.path.join('.') : null;
  const message = issue ? `Invalid ${param ? `'${param}'` : 'request'}: ${issue.message}` : 'Invalid request';
  return { status: 400, body: openAIErrorBody(message, 'invalid_request_error', 'invalid_value', param) };
}

/** Any error of a `/v1` route as OpenAI's `{error: {message, type, param, code}}` and its status. */
export function openAIAnswer(error: unknown): OpenAIAnswer {
  if (error instanceof UpstreamRefusal) return { status: error.status, body: error.body };
  if (error instanceof ZodError) return fromZod(error);
  if (error instanceof AppError) {
    const [status, type, code] = asOpenAI[error.code] ?? [error.status, error.status >= 500 ? 'server_error' : 'invalid_request_error', error.code];
    // A request a translation could not carry names the field (`param`), as OpenAI's own 400s do.
    const param = typeof error.data?.param === 'string' ? error.data.param : null;
    return { status, body: openAIErrorBody(error.message, type, code, param), headers: error.headers };
  }
  // Fastify's own refusals (unreadable JSON, a body too large, a wrong content type) carry a 4xx status.
  const framework = error as { statusCode?: number; message?: string } | undefined;
  if (framework?.statusCode && framework.statusCode < 500) {
    return { status: framework.statusCode, body: openAIErrorBody(framework.message ?? 'Invalid request', 'invalid_request_error', null) };
  }
  return { status: 500, body: openAIErrorBody('The server had an error while processing your request.', 'server_error', null) };
}

/** The error handler of the `/v1` routes. */
export function openAIErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { status, body, headers } = openAIAnswer(error);
  if (status >= 500 && status !== 503) request.log.error({ err: error }, 'API call failed');
  if (headers) reply.headers(headers);
  return reply.status(status).send(body);
}
