import type { ApiErrorBody } from '@parley/core';

/** A failed API call, carrying the server's `{error, message, status, data}` body. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: Record<string, unknown> | undefined;

  constructor(body: { error: string; message: string; status: number; data?: Record<string, unknown> }) {
    super(body.message);
    this.name = 'ApiError';
    this.code = body.error;
    this.status = body.status;
    this.data = body.data;
  }

  /** Field → i18n key of a 400 `validation` answer. */
  get fields(): Record<string, string> {
    const fields = this.data?.fields;
    return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Builds an ApiError from any response, even one whose body is not our JSON shape (proxy pages, empty 502s). */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as Partial<ApiErrorBody> | null;
  return new ApiError({
    error: typeof body?.error === 'string' ? body.error : res.status >= 500 ? 'internal' : 'unknown',
    message: typeof body?.message === 'string' ? body.message : res.statusText,
    status: typeof body?.status === 'number' ? body.status : res.status,
    data: body?.data,
  });
}

/** A request that never reached the server; shown like an internal error. */
export function networkError(cause: unknown): ApiError {
  const message = cause instanceof Error ? cause.message : String(cause);
  return new ApiError({ error: 'network', message, status: 0 });
}

/** SPEC point 4: any error whose message mentions a ban logs the user out at once. */
export function isBanError(error: ApiError): boolean {
  return error.code === 'banned' || error.message.includes('ban');
}
