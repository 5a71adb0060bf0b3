/**
 * OpenAI's error body, which every `/v1` route of the OpenAI dialect answers with:
 * `{error: {message, type, param, code}}` and OpenAI's status for the case.
 */
export interface OpenAIErrorBody {
  error: {
    message: string;
    type: OpenAIErrorType;
    param: string | null;
    code: string | null;
  };
}

export type OpenAIErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'rate_limit_error'
  | 'insufficient_quota'
  | 'server_error'
  | 'api_error';

export function openAIErrorBody(message: string, type: OpenAIErrorType, code: string | null = null, param: string | null = null): OpenAIErrorBody {
  return { error: { message, type, param, code } };
}
