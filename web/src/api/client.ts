import type { z } from 'zod';
import { ApiError, errorFromResponse, isBanError, networkError } from './api-error.ts';
import { takeEarlyAnswer } from './early-requests.ts';
import { refreshSession } from './refresh.ts';
import { getAccessToken, sessionHooks, setAccessToken, storedApiKey } from './session.ts';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialized as JSON unless it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * false for the credential endpoints themselves (login, register, reset): a 401 there is an
   * answer for the form, not an expired session.
   */
  refreshOn401?: boolean;
}

/**
 * The headers every request carries (SPEC points 5 and 6): the bearer is the session token, or
 * without a session the stored access key; the key also travels as X-Api-Key, so a signed-in
 * account in `both` mode still names it.
 */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const apiKey = storedApiKey();
  const bearer = getAccessToken() ?? apiKey;
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (apiKey) headers['X-Api-Key'] = apiKey;
  return headers;
}

function send(path: string, options: RequestOptions): Promise<Response> {
  const isForm = options.body instanceof FormData;
  const headers: Record<string, string> = { ...authHeaders(), ...options.headers };
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const body = options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body);
  return fetch(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  }).catch((cause: unknown) => {
    if (options.signal?.aborted) throw cause;
    throw networkError(cause);
  });
}

function reportBan(error: ApiError): ApiError {
  if (isBanError(error)) sessionHooks()?.onBanned(error.message);
  return error;
}

/**
 * After a 401: one refresh shared by every request that met it. False when the session cannot
 * be restored, and the app is told it ended.
 */
async function renewSession(): Promise<boolean> {
  if (await refreshSession({ retry: true })) return true;
  setAccessToken(null);
  sessionHooks()?.onExpired();
  return false;
}

/**
 * Sends a request; after a 401 the session is renewed and the request sent once more, reading its
 * headers again (authHeaders) so it carries the new token. The answer to the last send.
 */
export async function sendRenewing<T extends { status: number }>(sendOnce: () => Promise<T>): Promise<T> {
  const answer = await sendOnce();
  if (answer.status !== 401 || !(await renewSession())) return answer;
  return sendOnce();
}

/**
 * Fetches an API path and returns the OK response (streams read it raw). A 401 triggers one
 * shared refresh; the request is then retried once with the new token. Failures throw ApiError.
 */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const sendOnce = () => send(path, options);
  const res = options.refreshOn401 === false ? await sendOnce() : await sendRenewing(sendOnce);
  if (res.ok) return res;
  throw reportBan(await errorFromResponse(res));
}

/** The successful answer to the same GET sent before the app loaded (early-requests.ts), if any. */
async function earlyAnswer(path: string, options: RequestOptions): Promise<Response | undefined> {
  if ((options.method ?? 'GET') !== 'GET' || options.body !== undefined) return undefined;
  const early = await takeEarlyAnswer(path)?.catch(() => undefined);
  return early?.ok ? early : undefined;
}

/** apiFetch + JSON body, always validated by the core schema of the answer. */
export async function apiJson<T>(path: string, options: RequestOptions & { schema: z.ZodType<T> }): Promise<T> {
  const res = (await earlyAnswer(path, options)) ?? (await apiFetch(path, options));
  return options.schema.parse(await res.json());
}
