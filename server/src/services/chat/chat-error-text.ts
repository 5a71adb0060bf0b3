import { chatErrorText, errorMessages, type ErrorCode } from '@parley/core';
import { AppError } from '../../app/errors.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import { QuotaRefusal } from '../access/call-meter.ts';

/**
 * The `text` of an error-flagged reply: `{"type": code, "message": …}`. The upstream's own
 * wording stays in the logs; the user sees our code and text.
 */
export function errorTextFor(error: unknown, context: { model?: string } = {}): { code: ErrorCode; text: string } {
  // A quota refusal mid-exchange already carries its text, with what the call costs and what is left.
  if (error instanceof QuotaRefusal) return { code: error.code, text: error.errorText };
  const code: ErrorCode = error instanceof ProviderError || error instanceof AppError ? error.code : 'internal';
  const message = errorMessages[code] ?? code;
  // A model the upstream does not know is named, so the user (and the operator) can tell which.
  if (code === 'model_not_found') return { code, text: chatErrorText(code, { message: message.replace('{model}', context.model ?? '?'), model: context.model }) };
  return { code, text: chatErrorText(code, { message }) };
}
