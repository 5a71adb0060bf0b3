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
  email_taken: 'An account with that email already exists.',
  reset_user_not_found:
    'There was a problem resetting your password. There was no user found with the email address provided. Please try again.',
  reset_token_invalid: 'This password reset token is no longer valid.',
  password_reset_unavailable:
    'Password reset is not available on this server because it cannot send email. Ask its operator to reset your password.',
  unauthorized: 'Authentication required.',
  unknown_endpoint: 'Unknown endpoint',
  no_user_key: 'Set your own API key for this endpoint first.',
  not_found: 'Not found.',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
  invalid_api_key: 'The API key was refused. Check it and set it again with "Set Token".',
  insufficient_quota: 'The default key reached its limit. Set your own key to continue.',
  message_limit: 'You hit the message limit.',
  concurrent:
    'Only {limit} message(s) at a time. Please allow any other responses to complete before sending another message, or wait one minute.',
  upstream_error: 'The model provider answered with an error. Please try again.',
  validation: 'The request is not valid.',
};

/** The `data.fields` entry of a refused NUL character (U+0000), which PostgreSQL text cannot hold; the web localizes it. */
export const nulFieldMessage = 'validation.nul';
