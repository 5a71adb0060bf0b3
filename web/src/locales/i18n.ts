import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  LANGUAGE_STORAGE,
  isLanguageCode,
  resolveLanguage,
  type LanguageSetting,
} from './languages.ts';

/**
 * Each locale is its own chunk, fetched only when chosen. The built-in plugins' names and
 * descriptions (namespace `plugins`) are a further chunk, fetched once the plugin store or
 * selector shows them.
 */
const loaders: Record<string, Record<string, () => Promise<{ default: Record<string, unknown> }>>> = {
  translation: import.meta.glob<{ default: Record<string, unknown> }>('./*.json'),
  plugins: import.meta.glob<{ default: Record<string, unknown> }>('./plugins/*.json'),
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const file = namespace === 'translation' ? `./${language}.json` : `./${namespace}/${language}.json`;
    const load = loaders[namespace]?.[file];
    if (!load) return callback(new Error(`No ${namespace} locale file for ${language}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function storedLanguageSetting(): LanguageSetting {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE);
    return value && isLanguageCode(value) ? value : 'auto';
  } catch {
    return 'auto';
  }
}

function syncDocumentLanguage(language: string) {
  document.documentElement.lang = language;
}

export async function initI18n(): Promise<typeof i18next> {
  i18next.on('languageChanged', syncDocumentLanguage);
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: resolveLanguage(storedLanguageSetting(), navigator.languages),
      // Every locale has every key (locales.test.ts), so no second locale is fetched as a fallback.
      fallbackLng: false,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  return i18next;
}

/** Stores the choice (`auto` or a code) in localStorage `lang` and switches the interface. */
export async function setLanguageSetting(setting: LanguageSetting): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE, setting);
  } catch {
    // Without storage the choice still applies to this page load.
  }
  await i18next.changeLanguage(resolveLanguage(setting, navigator.languages));
}
