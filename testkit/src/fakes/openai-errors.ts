import type { FakeReply } from './fake-server.ts';

export type OpenAIFlavor = 'openai' | 'azure' | 'deepseek' | 'xai';

/** The status and body each Chat Completions upstream answers a failure with. */
export function openAIErrorBody(
  flavor: OpenAIFlavor,
  reply: Pick<FakeReply, 'status' | 'errorBody' | 'errorMessage' | 'quota'>,
): { status: number; body: unknown } {
  const status = reply.status ?? 500;
  if (reply.errorBody !== undefined) return { status, body: reply.errorBody };
  const [type, code, message] = describe(flavor, status, reply.quota === true);
  const text = reply.errorMessage ?? message;
  if (flavor === 'azure') return { status, body: { error: { code: code ?? String(status), message: text } } };
  // xAI answers authentication and argument failures in its own flat shape.
  if (flavor === 'xai' && (status === 400 || status === 401)) return { status, body: { code: type, error: text } };
  return { status, body: { error: { message: text, type, param: null, code } } };
}

function describe(flavor: OpenAIFlavor, status: number, quota: boolean): [string, string | null, string] {
  if (status === 401) {
    if (flavor === 'deepseek') return ['authentication_error', 'invalid_request_error', 'Authentication Fails, Your api key is invalid'];
    if (flavor === 'xai') return ['Client specified an invalid argument', null, 'Incorrect API key provided.'];
    if (flavor === 'azure') return ['', '401', 'Access denied due to invalid subscription key or wrong API endpoint.'];
    return ['invalid_request_error', 'invalid_api_key', 'Incorrect API key provided.'];
  }
  if (status === 402) return ['unknown_error', 'invalid_request_error', 'Insufficient Balance'];
  if (status === 429 && quota) {
    return ['insufficient_quota', 'insufficient_quota', 'You exceeded your current quota, please check your plan and billing details.'];
  }
  if (status === 429) return ['requests', 'rate_limit_exceeded', 'Rate limit reached for requests. Please try again in 20s.'];
  if (status >= 500) return ['server_error', null, 'The server had an error while processing your request. Sorry about that!'];
  return ['invalid_request_error', null, 'Invalid request.'];
}
