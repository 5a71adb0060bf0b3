import { LANGUAGE_STORAGE, isLanguageCode, resolveLanguage, type LanguageCode, type LanguageSetting } from './languages.ts';

type LocaleModule = { default: Record<string, unknown> };

/**
 * Each locale is its own chunk, fetched only when chosen. The built-in plugins' names and
 * descriptions (namespace `plugins`) are a further chunk, fetched once the plugin store or
 * selector shows them.
 */
export const localeLoaders: Record<string, Record<string, () => Promise<LocaleModule>>> = {
  translation: import.meta.glob<LocaleModule>('./*.json'),
  plugins: import.meta.glob<LocaleModule>('./plugins/*.json'),
};

export function storedLanguageSetting(): LanguageSetting {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE);
    return value && isLanguageCode(value) ? value : 'auto';
  } catch {
    return 'auto';
  }
}

/** The interface language a page starts in: the stored choice, else the browser's. */
export function startingLanguage(): LanguageCode {
  return resolveLanguage(storedLanguageSetting(), navigator.languages);
}

/**
 * Starts fetching the starting language's texts as the page opens (main.tsx): the app renders
 * nothing before they are in, and asking for them only once its own chunk has loaded and run
 * put them behind whatever the server was busy with by then (a long conversation's messages).
 * The app's later request for the same chunk is answered by this one.
 */
export function preloadStartingLocale(): Promise<LocaleModule | undefined> {
  const loaded = localeLoaders.translation?.[`./${startingLanguage()}.json`]?.() ?? Promise.resolve(undefined);
  // A failure is the app's to see, when i18n asks for the same chunk.
  return loaded.catch(() => undefined);
}
