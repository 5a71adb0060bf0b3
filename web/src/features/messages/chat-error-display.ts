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
    if (i18next.exists(key)) return { text: t(key, { ...parsed, interpolation: { escapeValue: false } }), details: generations };
    if (parsed.message) return { text: truncate(parsed.message), details: null };
  }
  return { text: truncate(raw), details: null };
}

function truncate(text: string): string {
  return text.length > CHAT_ERROR_DISPLAY_MAX ? `${text.slice(0, CHAT_ERROR_DISPLAY_MAX)}…` : text;
}
