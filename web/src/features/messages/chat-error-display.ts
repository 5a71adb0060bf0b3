import { CHAT_ERROR_DISPLAY_MAX, parseChatErrorText } from '@parley/core';
import i18next, { type TFunction } from 'i18next';

/** Error ids that older servers spell differently from our error codes. */
const aliases: Record<string, string> = { ban: 'banned' };

export interface ChatErrorDisplay {
  text: string;
  /** token_balance may carry the generations it was asked for, shown as a JSON block. */
  details: string | null;
}

/**
 * The text of an error-flagged reply (SPEC point 8): a JSON body with a `type`/`code` we know
 * becomes its localized text with the body's values ({{limit}}, {{balance}}…); anything else
 * is shown as it is, cut to 512 characters.
 */
export function chatErrorDisplay(t: TFunction, raw: string): ChatErrorDisplay {
  const parsed = parseChatErrorText(raw);
  if (parsed) {
    const code = aliases[parsed.kind] ?? parsed.kind;
    const key = `errors.${code}`;
    const generations = 'generations' in parsed && parsed.generations ? JSON.stringify(parsed.generations, null, 2) : null;
    if (i18next.exists(key)) return { text: t(key, { ...parsed, ...variantOf(parsed), interpolation: { escapeValue: false } }), details: generations };
    if (parsed.message) return { text: truncate(parsed.message), details: null };
  }
  return { text: truncate(raw), details: null };
}

/**
 * The details that pick a text's variant (i18next `context`) or its shape: whose key ran out of
 * credit (`key`: server / user), why the quota refused a call (`reason`), which human check a
 * provider asked for, whether the model's context limit is known, and that limit written the
 * reader's way (1,050,000).
 */
function variantOf(parsed: Record<string, unknown>): { context?: string; limit?: string } {
  if (typeof parsed.key === 'string') return { context: parsed.key };
  // Which quota ran out: the key's (top up), the free day's, a model free calls do not cover, an expired key.
  if (parsed.kind === 'insufficient_quota' && typeof parsed.reason === 'string') return { context: parsed.reason };
  // Which human check the provider asked for (Cloudflare, a captcha, an "unusual activity" page).
  if (parsed.kind === 'upstream_challenge' && typeof parsed.challenge === 'string') return { context: parsed.challenge };
  if (parsed.kind === 'context_too_long') {
    return typeof parsed.limit === 'number' ? { limit: new Intl.NumberFormat(i18next.language).format(parsed.limit) } : { context: 'unknown' };
  }
  return {};
}

function truncate(text: string): string {
  return text.length > CHAT_ERROR_DISPLAY_MAX ? `${text.slice(0, CHAT_ERROR_DISPLAY_MAX)}…` : text;
}
