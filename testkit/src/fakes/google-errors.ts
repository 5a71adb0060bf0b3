import type { FakeReply } from './fake-server.ts';

const statusNames: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** Google's `{error: {code, message, status}}` body for Gemini and Vertex failures. */
export function googleErrorBody(reply: Pick<FakeReply, 'status' | 'errorBody' | 'errorMessage' | 'quota'>) {
  const status = reply.status ?? 500;
  if (reply.errorBody !== undefined) return { status, body: reply.errorBody };
  const message =
    reply.errorMessage ??
    (status === 401
      ? 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.'
      : status === 403
        ? 'Permission denied on resource project.'
        : status === 429 && reply.quota
          ? 'You exceeded your current quota, please check your plan and billing details.'
          : status === 429
            ? 'Resource has been exhausted (e.g. check quota).'
            : status >= 500
              ? 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting'
              : 'Request contains an invalid argument.');
  return { status, body: { error: { code: status, message, status: statusNames[status] ?? 'UNKNOWN' } } };
}

/** What the Gemini API answers a wrong API key with: 400, not 401. */
export const invalidApiKeyBody = {
  error: {
    code: 400,
    message: 'API key not valid. Please pass a valid API key.',
    status: 'INVALID_ARGUMENT',
    details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }],
  },
};
