import { chatErrorText, errorMessages, type ErrorCode } from '@parley/core';
import { AppError } from '../../app/errors.ts';
import { ProviderError } from '../../providers/provider-error.ts';

/**
 * The `text` of an error-flagged reply: `{"type": code, "message": …}`. The upstream's own
 * wording stays in the logs; the user sees our code and text.
 */
export function errorTextFor(error: unknown): { code: ErrorCode; text: string } {
  const code: ErrorCode = error instanceof ProviderError || error instanceof AppError ? error.code : 'internal';
  return { code, text: chatErrorText(code, { message: errorMessages[code] ?? code }) };
}
