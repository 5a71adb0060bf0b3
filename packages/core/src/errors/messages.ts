import type { ErrorCode } from './codes.ts';

/** English texts of SPEC.md point 8, used as the API's `message`. The web shows its localized twin. */
export const errorMessages: Partial<Record<ErrorCode, string>> = {
  invalid_credentials:
    'Unable to login with the information provided. Please check your credentials and try again.',
  too_many_login_attempts: 'Too many login attempts in a short amount of time. Please try again later.',
  too_many_registrations: 'Too many accounts created from this IP. Please try again later.',
  banned: 'Your account has been temporarily banned due to violations of our service.',
  internal: 'There was an internal server error. Please wait a few moments and try again.',
  registration_disabled: 'Registration is disabled.',
  accounts_disabled: 'This server has no accounts: it is used with an access key.',
  email_taken: 'An account with that email already exists.',
  message_id_taken: 'This message id is already used. Send the message again with a new id.',
  reset_user_not_found:
    'There was a problem resetting your password. There was no user found with the email address provided. Please try again.',
  reset_token_invalid: 'This password reset token is no longer valid.',
  password_reset_unavailable:
    'Password reset is not available on this server because it cannot send email. Ask its operator to reset your password.',
  unauthorized: 'Authentication required.',
  unknown_endpoint: 'Unknown endpoint',
  no_user_key: 'Set your own API key for this endpoint first.',
  not_found: 'Not found.',
  invalid_code: 'This code is not valid: it may be mistyped, already used, expired or disabled.',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
  invalid_api_key: 'The API key was refused. Check it and set it again with "Set Token".',
  insufficient_quota: 'The default key reached its limit. Set your own key to continue.',
  message_limit: 'You hit the message limit.',
  concurrent:
    'Only {limit} message(s) at a time. Please allow any other responses to complete before sending another message, or wait one minute.',
  upstream_error: 'The model provider answered with an error. Please try again.',
  upstream_forbidden:
    'The provider refused this request for your account or region (permission, region or organization verification). Check your provider account.',
  upstream_overloaded: 'The model provider is overloaded right now. Please try again in a moment.',
  token_expired: 'Your access token has expired or was refused. Get a new one and set it with "Set Token".',
  upstream_rate_limited: 'The model provider is busy: it is answering too many requests right now. Please try again in a moment.',
  upstream_out_of_credit: 'The account behind this key has run out of credit at the model provider.',
  upstream_challenge:
    'The provider asked for a human check ({challenge}) that Parley cannot pass from its server. Try again later, or set a new token from a browser that passed the check.',
  upstream_unreachable: "The provider's host did not answer. Please try again in a moment; if it keeps happening, the operator should check its address.",
  context_too_long:
    'This conversation is too long for the model ({limit} tokens at most). Start a new branch from an earlier message, or attach fewer files.',
  service_misconfigured: 'The service is misconfigured: the model provider refused its key. The operator has been told; please try again later.',
  service_unavailable: 'Parley cannot reach a service it needs right now. Please try again in a moment.',
  agent_timeout: 'The agent ran out of time before it could answer. Ask again, perhaps for less at once.',
  content_filtered: "The provider's safety filter blocked this request or its answer. Rephrase your message and try again.",
  model_not_found: 'The model "{model}" is not available from the provider. Pick another model, or ask the operator to update its alias.',
  model_not_offered: 'This model is not offered here. Pick a model from the list.',
  unknown_plugin: 'There is no such plugin you can use here. Remove it from the conversation, or install it first.',
  validation: 'The request is not valid.',
  invalid_file: 'Invalid file for upload',
  upload_not_supported: 'This model does not accept file uploads.',
  too_many_files: 'Too many files for this model.',
  file_too_large: 'The file is larger than 20 MB.',
  malformed_upload: 'The upload was cut off or is not a valid form. Please send the file again.',
  document_too_complex:
    'This document is too large or too complex to read (it unpacks to too much, or takes too long or too much memory). Split it into smaller files or save it as plain text.',
  wrong_password: 'The current password is not right.',
  import_invalid: 'This file is not a ChatGPT data export (conversations.json) or a LibreChat JSON export.',
  import_too_large: 'The file is larger than {limitMb} MB. Import a smaller part of the export.',
  import_too_complex: 'This export is too large or too complex to read (it takes too long or too much memory). Split it into smaller files.',
  storage_full: 'Your file storage is full ({limitMb} MB). Delete conversations whose files you no longer need to make room.',
};

/** Whose key ran out of credit at the provider: the server's own, or the one the user set. */
export const outOfCreditMessages = {
  server: "The service's own key has run out of credit at the model provider. The operator has been told and must top it up; please try again later.",
  user: 'Your own API key has run out of credit at the model provider. Add credit to that account, or set another key.',
} as const;

/** `context_too_long` for a model whose limit Parley does not know. */
export const contextTooLongUnknownMessage = 'This conversation is too long for the model. Start a new branch from an earlier message, or attach fewer files.';

/** The `data.fields` entry of a refused NUL character (U+0000), which PostgreSQL text cannot hold; the web localizes it. */
export const nulFieldMessage = 'validation.nul';
