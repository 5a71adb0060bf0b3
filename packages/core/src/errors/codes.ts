/** Stable error ids. The server maps each to a status in one place; the web maps each to a localized text in one place. */
export const errorStatus = {
  validation: 400,
  unknown_endpoint: 400,
  invalid_file: 400,
  upload_not_supported: 400,
  too_many_files: 400,
  file_too_large: 413,
  malformed_upload: 400,
  document_too_complex: 422,
  storage_full: 413,
  no_user_key: 400,
  invalid_credentials: 401,
  wrong_password: 403,
  import_invalid: 400,
  import_too_large: 413,
  import_too_complex: 422,
  unauthorized: 401,
  invalid_api_key: 401,
  token_expired: 401,
  invalid_code: 400,
  banned: 403,
  registration_disabled: 403,
  accounts_disabled: 403,
  password_reset_unavailable: 403,
  forbidden: 403,
  not_found: 404,
  model_not_found: 404,
  model_not_offered: 400,
  unknown_plugin: 400,
  email_taken: 409,
  message_id_taken: 409,
  reset_user_not_found: 404,
  reset_token_invalid: 400,
  too_many_login_attempts: 429,
  too_many_registrations: 429,
  rate_limited: 429,
  concurrent: 429,
  message_limit: 429,
  insufficient_quota: 402,
  token_balance: 402,
  social_login_failed: 502,
  upstream_error: 502,
  upstream_forbidden: 403,
  upstream_overloaded: 503,
  upstream_rate_limited: 429,
  upstream_out_of_credit: 402,
  upstream_challenge: 503,
  upstream_unreachable: 504,
  context_too_long: 400,
  service_misconfigured: 503,
  service_unavailable: 503,
  agent_timeout: 504,
  content_filtered: 422,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The response body of every failed API call. */
export interface ApiErrorBody {
  error: ErrorCode;
  message: string;
  status: number;
  data?: Record<string, unknown>;
}
