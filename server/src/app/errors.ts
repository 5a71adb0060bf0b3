import { errorMessages, errorStatus, fieldErrors, type ApiErrorBody, type ErrorCode } from '@parley/core';
import { ZodError } from 'zod';

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
  // Framework errors (bad JSON, body too large, unknown route) carry a 4xx statusCode of their own.
  const framework = error as { statusCode?: number; message?: string } | undefined;
  if (framework?.statusCode && framework.statusCode < 500) {
    const code: ErrorCode = framework.statusCode === 404 ? 'not_found' : 'validation';
    return { error: code, message: framework.message ?? code, status: framework.statusCode };
  }
  return { error: 'internal', message: errorMessages.internal!, status: 500 };
}
