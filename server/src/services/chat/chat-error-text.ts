import { chatErrorText, errorMessages, type ErrorCode } from '@parley/core';
import { AppError } from '../../app/errors.ts';
import { ProviderError } from '../../providers/provider-error.ts';

/**
 * The `text` of an error-flagged reply: `{"type": code, "message": …}`. The upstream's own
 * wording stays in the logs; the user sees our code and text.
 */
export function errorTextFor(error: unknown, context: { model?: string } = {}): { code: ErrorCode; text: string } {
  const code: ErrorCode = error instanceof ProviderError || error instanceof AppError ? error.code : 'internal';
  const message = errorMessages[code] ?? code;
  // A model the upstream does not know is named, so the user (and the operator) can tell which.
  if (code === 'model_not_found') return { code, text: chatErrorText(code, { message: message.replace('{model}', context.model ?? '?'), model: context.model }) };
  return { code, text: chatErrorText(code, { message }) };
}
