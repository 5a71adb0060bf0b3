import type { ChatRequestBody, Refusal } from './openai-requests.ts';

/**
 * Azure OpenAI's api-version rules, as Azure applies them: a deployment path needs a dated
 * version (else 404), and a Chat Completions field newer than the version is refused with the
 * 400 OpenAI's validator gives an unknown field: `max_completion_tokens` came with
 * 2024-09-01-preview, the `developer` role and `reasoning_effort` with 2024-12-01-preview. The v1
 * API (`/openai/v1/...`) takes no dated version.
 */
export const isDatedApiVersion = (version: string) => /^\d{4}-\d{2}-\d{2}(-preview)?$/.test(version);

/** Azure serves the GPT Image deployments only from this (preview) API version on; chat takes older ones. */
export const azureImagesMinApiVersion = '2025-04-01-preview';

const before = (version: string, day: string) => version.slice(0, 10) < day;

const unknownParameter = (name: string): Refusal => ({
  status: 400,
  body: { error: { message: `Unknown parameter: '${name}'.`, type: 'invalid_request_error', param: name, code: 'unknown_parameter' } },
});

export function azureChatVersionRefusal(version: string, body: ChatRequestBody): Refusal | undefined {
  if (body.reasoning_effort !== undefined && before(version, '2024-12-01')) return unknownParameter('reasoning_effort');
  if (body.max_completion_tokens !== undefined && before(version, '2024-09-01')) return unknownParameter('max_completion_tokens');
  const developer = (body.messages ?? []).findIndex((m) => m.role === 'developer');
  if (developer !== -1 && before(version, '2024-12-01')) {
    const message = "Invalid value: 'developer'. Supported values are: 'system', 'assistant', 'user', 'function', and 'tool'.";
    return { status: 400, body: { error: { message, type: 'invalid_request_error', param: `messages[${developer}].role`, code: 'invalid_value' } } };
  }
  return undefined;
}

export function azureImagesVersionRefusal(model: string, version: string): Refusal | undefined {
  if (!before(version, azureImagesMinApiVersion.slice(0, 10))) return undefined;
  const message = `The model '${model}' is only supported for api versions ${azureImagesMinApiVersion} and later.`;
  return { status: 400, body: { error: { code: 'BadRequest', message } } };
}
