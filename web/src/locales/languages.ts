/** The 13 interface languages of SPEC point 1, each with its own name (shown untranslated in pickers). */
export const languages = [
  { code: 'en-US', name: 'English' },
  { code: 'zh-CN', name: '简体中文' },
  { code: 'zh-TW', name: '繁體中文' },
  { code: 'de-DE', name: 'Deutsch' },
  { code: 'es-ES', name: 'Español' },
  { code: 'fr-FR', name: 'Français' },
  { code: 'it-IT', name: 'Italiano' },
  { code: 'pl-PL', name: 'Polski' },
  { code: 'pt-BR', name: 'Português (Brasil)' },
  { code: 'ru-RU', name: 'Русский' },
  { code: 'ja-JP', name: '日本語' },
  { code: 'sv-SE', name: 'Svenska' },
  { code: 'ko-KR', name: '한국어' },
] as const;

export type LanguageCode = (typeof languages)[number]['code'];
export type LanguageSetting = LanguageCode | 'auto';

export const LANGUAGE_STORAGE = 'lang';
/** SPEC point 3 gives 'cn' as the default language: used when the browser's language is unsupported. */
const FALLBACK_LANGUAGE: LanguageCode = 'zh-CN';
/** The reference locale: every other file must have exactly its keys. */
export const SOURCE_LANGUAGE: LanguageCode = 'en-US';

const codes = new Set<string>(languages.map((l) => l.code));

export function isLanguageCode(value: string): value is LanguageCode {
  return codes.has(value);
}

/** Traditional-script and regional Chinese variants read zh-TW; plain `zh` reads Simplified. */
const traditionalChinese = /^zh-(tw|hk|mo|hant)/i;

/** Maps one browser tag (`de-AT`, `zh-Hant-HK`, `pt`) to a supported locale, if any. */
export function matchLanguage(tag: string): LanguageCode | null {
  const exact = languages.find((l) => l.code.toLowerCase() === tag.toLowerCase());
  if (exact) return exact.code;
  const base = tag.split('-')[0]?.toLowerCase();
  if (base === 'zh') return traditionalChinese.test(tag) ? 'zh-TW' : 'zh-CN';
  return languages.find((l) => l.code.split('-')[0]!.toLowerCase() === base)?.code ?? null;
}

/** The locale to load for a stored setting, given the browser's preferred languages. */
export function resolveLanguage(setting: string | null, browserLanguages: readonly string[]): LanguageCode {
  if (setting && isLanguageCode(setting)) return setting;
  for (const tag of browserLanguages) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return FALLBACK_LANGUAGE;
}
