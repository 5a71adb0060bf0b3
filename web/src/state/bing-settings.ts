import { bingToneStyles } from '@parley/core';

/** SPEC point 3's storage name: the Bing settings a new Bing conversation starts from. */
const STORAGE = 'lastBingSettings';
const TEXT_MAX = 100_000;

/** The Bing settings a user chose last: tone, Sydney mode, context and system message. */
export function lastBingSettings(): Record<string, unknown> | undefined {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE) ?? 'null');
    if (!stored || typeof stored !== 'object') return undefined;
    const { toneStyle, jailbreak, context, systemMessage } = stored as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, TEXT_MAX) : null);
    return {
      toneStyle: bingToneStyles.find((tone) => tone === toneStyle) ?? 'creative',
      jailbreak: jailbreak === true,
      context: text(context),
      systemMessage: text(systemMessage),
    };
  } catch {
    return undefined;
  }
}

/** Remembers the Bing settings of the conversation being set up or continued. */
export function rememberBingSettings(options: Record<string, unknown>): void {
  const { toneStyle, jailbreak, context, systemMessage } = options;
  try {
    localStorage.setItem(STORAGE, JSON.stringify({ toneStyle, jailbreak, context, systemMessage }));
  } catch {
    // Remembering is a convenience; the choice still applies now.
  }
}
