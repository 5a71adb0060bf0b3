import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE, resolveLanguage, type LanguageSetting } from './languages.ts';
import { localeLoaders, startingLanguage } from './locale-chunks.ts';

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const file = namespace === 'translation' ? `./${language}.json` : `./${namespace}/${language}.json`;
    const load = localeLoaders[namespace]?.[file];
    if (!load) return callback(new Error(`No ${namespace} locale file for ${language}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function syncDocumentLanguage(language: string) {
  document.documentElement.lang = language;
}

export async function initI18n(): Promise<typeof i18next> {
  i18next.on('languageChanged', syncDocumentLanguage);
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: startingLanguage(),
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
