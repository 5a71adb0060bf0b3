import { DEFAULT_PRESET_TITLE, DEFAULT_TITLE } from '@parley/core';
import type { TFunction } from 'i18next';

/**
 * The server stores the English defaults ('New Chat', 'New Preset') until a title is written;
 * the interface shows them in the reader's language. Any other title, generated or typed, is the
 * user's own and passes through untouched.
 */
export function conversationTitle(title: string | null | undefined, t: TFunction): string {
  return !title || title === DEFAULT_TITLE ? t('nav.new_chat') : title;
}

export function presetTitle(title: string | null | undefined, t: TFunction): string {
  return !title || title === DEFAULT_PRESET_TITLE ? t('presets.default_title') : title;
}
