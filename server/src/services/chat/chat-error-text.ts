import { chatErrorText, contextTooLongUnknownMessage, errorMessages, outOfCreditMessages, type ErrorCode } from '@parley/core';
import { AppError } from '../../app/errors.ts';
import { ChallengeError } from '../../providers/bingAI/bing-failures.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import { QuotaRefusal } from '../access/call-meter.ts';

/** What the reply's error text may name besides the failure itself. */
export interface FailureContext {
  /** The upstream id the call was made as (the one a `model_not_found` names). */
  model?: string;
  /** The model's context window in tokens, when known (`context_too_long` says it). */
  contextWindow?: number;
  /** Whose key made the call: the server's own, or the user's. */
  keyOwner?: 'server' | 'user';
}

/** How the English message names each human check (the web names it in the user's language). */
const challengeNames = { cloudflare: 'a Cloudflare challenge', captcha: 'a captcha', unusual_activity: 'an "unusual activity" page' } as const;

/**
 * The code the user sees for a failure: an upstream's refusal of the server's own key is the
 * service's misconfiguration (the operator must act), not a reason to set a key of one's own.
 */
export function userFacingCode(error: unknown, context: FailureContext = {}): ErrorCode {
  const code: ErrorCode = error instanceof ProviderError || error instanceof AppError ? error.code : 'internal';
  const refusedKey = code === 'invalid_api_key' || code === 'token_expired';
  return refusedKey && context.keyOwner === 'server' ? 'service_misconfigured' : code;
}

/**
 * The `text` of an error-flagged reply: `{"type": code, "message": …}` and the details the web's
 * text shows (the model, its limit, whose key). The upstream's own wording stays in the logs.
 */
export function errorTextFor(error: unknown, context: FailureContext = {}): { code: ErrorCode; text: string } {
  // A quota refusal mid-exchange already carries its text, with what the call costs and what is left.
  if (error instanceof QuotaRefusal) return { code: error.code, text: error.errorText };
  const code = userFacingCode(error, context);
  const message = errorMessages[code] ?? code;
  // A model the upstream does not know is named, so the user (and the operator) can tell which.
  if (code === 'model_not_found') return { code, text: chatErrorText(code, { message: message.replace('{model}', context.model ?? '?'), model: context.model }) };
  if (code === 'context_too_long') {
    const limit = context.contextWindow;
    const text = limit ? message.replace('{limit}', limit.toLocaleString('en-US')) : contextTooLongUnknownMessage;
    return { code, text: chatErrorText(code, { message: text, model: context.model, ...(limit ? { limit } : {}) }) };
  }
  if (error instanceof ChallengeError) {
    return { code, text: chatErrorText(code, { message: message.replace('{challenge}', challengeNames[error.challenge]), challenge: error.challenge }) };
  }
  if (code === 'upstream_out_of_credit') {
    const key = context.keyOwner ?? 'server';
    return { code, text: chatErrorText(code, { message: outOfCreditMessages[key], key }) };
  }
  const details = error instanceof ProviderError ? error.details : undefined;
  return { code, text: chatErrorText(code, { message, ...details }) };
}
