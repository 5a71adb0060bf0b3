import { errorMessages, errorStatus, type ApiErrorBody, type ErrorCode } from '@parley/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { fieldErrors } from '@parley/core';

/** A failure with a stable code; the one error handler turns it into `{error, message, status, data}`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly data?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message?: string, data?: Record<string, unknown>, headers?: Record<string, string>) {
    super(message ?? errorMessages[code] ?? code);
    this.code = code;
    this.data = data;
    this.headers = headers;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export function toErrorBody(error: unknown): ApiErrorBody & { headers?: Record<string, string> } {
  if (error instanceof AppError) {
    return { error: error.code, message: error.message, status: error.status, data: error.data, headers: error.headers };
  }
  if (error instanceof ZodError) {
    return {
      error: 'validation',
      message: errorMessages.validation!,
      status: 400,
      data: { fields: fieldErrors(error) },
    };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError?.statusCode && fastifyError.statusCode < 500) {
    const code: ErrorCode = fastifyError.statusCode === 404 ? 'not_found' : 'validation';
    return { error: code, message: fastifyError.message, status: fastifyError.statusCode };
  }
  return { error: 'internal', message: errorMessages.internal!, status: 500 };
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { headers, ...body } = toErrorBody(error);
  if (body.status >= 500) request.log.error({ err: error }, 'unhandled error');
  if (headers) reply.headers(headers);
  return reply.status(body.status).send(body);
}
