import type { FakeReply } from './fake-server.ts';

export type OpenAIFlavor = 'openai' | 'azure' | 'deepseek' | 'xai';

/** The status and body each Chat Completions upstream answers a failure with. */
export function openAIErrorBody(
  flavor: OpenAIFlavor,
  reply: Pick<FakeReply, 'status' | 'errorBody' | 'errorMessage' | 'quota' | 'forbidden'>,
): { status: number; body: unknown } {
  const status = reply.status ?? 500;
  if (reply.errorBody !== undefined) return { status, body: reply.errorBody };
  const [type, code, message] = describe(flavor, status, reply.quota === true, reply.forbidden);
  const text = reply.errorMessage ?? message;
  if (flavor === 'azure') return { status, body: { error: { code: code ?? String(status), message: text } } };
  // xAI answers every failure in its own flat shape: `code` is the gRPC status wording.
  if (flavor === 'xai') return { status, body: { code: type, error: text } };
  return { status, body: { error: { message: text, type, param: null, code } } };
}

const xaiCodes: Record<number, string> = {
  400: 'Client specified an invalid argument',
  403: 'The caller does not have permission to execute the specified operation',
  404: 'Some requested entity was not found',
  429: 'Too many requests',
};

function describe(flavor: OpenAIFlavor, status: number, quota: boolean, forbidden: FakeReply['forbidden']): [string, string | null, string] {
  if (flavor === 'xai') {
    const code = xaiCodes[status] ?? 'Internal error';
    // xAI answers a wrong key with 400 (a missing one with 401) and a team without credits with 403.
    if (status === 400 || status === 401) return [code, null, 'Incorrect API key provided: xa***ey. You can obtain an API key from https://console.x.ai.'];
    if (status === 403 && quota) return [code, null, "Your newly created team doesn't have any credits yet. You can purchase credits on https://console.x.ai/team/default/billing."];
    if (status === 403) return [code, null, 'Access to the API from your region is not permitted.'];
    if (status === 429 && quota) return [code, null, 'Your team has reached its monthly spending limit. Raise it on https://console.x.ai/team/default/billing.'];
    if (status === 429) return [code, null, 'Your team has exceeded its requests per second limit.'];
    return [code, null, 'Service temporarily unavailable.'];
  }
  if (status === 401) {
    if (flavor === 'deepseek') return ['authentication_error', 'invalid_request_error', 'Authentication Fails, Your api key is invalid'];
    if (flavor === 'azure') return ['', '401', 'Access denied due to invalid subscription key or wrong API endpoint.'];
    return ['invalid_request_error', 'invalid_api_key', 'Incorrect API key provided.'];
  }
  if (status === 403 && flavor === 'openai') {
    if (forbidden === 'verification') return ['invalid_request_error', null, 'Your organization must be verified to use the model `gpt-image-1`. Please go to: https://platform.openai.com/settings/organization/general and click on Verify Organization.'];
    return ['request_forbidden', 'unsupported_country_region_territory', 'Country, region, or territory not supported'];
  }
  if (status === 403 && flavor === 'azure') return ['', '403', 'Traffic is not from an approved private endpoint.'];
  if (status === 402) return ['unknown_error', 'invalid_request_error', 'Insufficient Balance'];
  if (status === 429 && quota) {
    return ['insufficient_quota', 'insufficient_quota', 'You exceeded your current quota, please check your plan and billing details.'];
  }
  if (status === 429) return ['requests', 'rate_limit_exceeded', 'Rate limit reached for requests. Please try again in 20s.'];
  if (status >= 500) return ['server_error', null, 'The server had an error while processing your request. Sorry about that!'];
  return ['invalid_request_error', null, 'Invalid request.'];
}
