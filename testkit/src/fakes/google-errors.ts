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

const rpc = (type: string, fields: Record<string, unknown>) => ({ '@type': `type.googleapis.com/google.rpc.${type}`, ...fields });

/** Gemini's 429: a per-minute limit carries RetryInfo; a spent daily/billing quota does not. */
function quotaDetails(quota: boolean, retryAfter = 23) {
  const quotaId = quota ? 'GenerateRequestsPerDayPerProjectPerModel-FreeTier' : 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier';
  return [
    rpc('QuotaFailure', {
      violations: [{ quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests', quotaId, quotaValue: quota ? '250' : '10' }],
    }),
    rpc('Help', { links: [{ description: 'Learn more about Gemini API quotas', url: 'https://ai.google.dev/gemini-api/docs/rate-limits' }] }),
    ...(quota ? [] : [rpc('RetryInfo', { retryDelay: `${retryAfter}s` })]),
  ];
}

/** Google's `{error: {code, message, status, details}}` body for Gemini and Vertex failures. */
export function googleErrorBody(reply: Pick<FakeReply, 'status' | 'errorBody' | 'errorMessage' | 'quota' | 'forbidden' | 'retryAfter'>) {
  const status = reply.status ?? 500;
  if (reply.errorBody !== undefined) return { status, body: reply.errorBody };
  if (reply.forbidden === 'region') {
    return { status: 400, body: { error: { code: 400, message: reply.errorMessage ?? 'User location is not supported for the API use.', status: 'FAILED_PRECONDITION' } } };
  }
  const message =
    reply.errorMessage ??
    (status === 401
      ? 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.'
      : status === 403
        ? 'Permission denied on resource project.'
        : status === 429
          ? 'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.'
          : status === 503
            ? 'The model is overloaded. Please try again later.'
            : status >= 500
              ? 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting'
              : 'Request contains an invalid argument.');
  const details =
    status === 429 ? quotaDetails(reply.quota === true, reply.retryAfter)
    : status === 403 ? [rpc('ErrorInfo', { reason: 'CONSUMER_SUSPENDED', domain: 'googleapis.com' })]
    : undefined;
  return { status, body: { error: { code: status, message, status: statusNames[status] ?? 'UNKNOWN', ...(details ? { details } : {}) } } };
}

/** What the Gemini API answers a wrong API key with: 400, not 401. */
export const invalidApiKeyBody = {
  error: {
    code: 400,
    message: 'API key not valid. Please pass a valid API key.',
    status: 'INVALID_ARGUMENT',
    details: [
      rpc('ErrorInfo', { reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } }),
      rpc('LocalizedMessage', { locale: 'en-US', message: 'API key not valid. Please pass a valid API key.' }),
    ],
  },
};

/** Gemini API (v1beta) and Vertex AI answers to a model they do not serve. */
export function modelNotFoundBody(model: string, vertexResource?: string) {
  const message = vertexResource
    ? `Publisher Model \`${vertexResource}\` was not found or your project does not have access to it. Please ensure you are using a valid model version. For more information, see: https://cloud.google.com/vertex-ai/generative-ai/docs/learn/model-versions`
    : `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`;
  return { error: { code: 404, message, status: 'NOT_FOUND' } };
}
