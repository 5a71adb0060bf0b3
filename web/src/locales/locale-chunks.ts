import { LANGUAGE_STORAGE, isLanguageCode, resolveLanguage, type LanguageCode, type LanguageSetting } from './languages.ts';

type LocaleModule = { default: Record<string, unknown> };

/** `./admin-keys/en-US.json` → namespace `admin-keys`: each console area's texts are a namespace of its own. */
function byFolder(loaders: Record<string, () => Promise<LocaleModule>>) {
  const namespaces: Record<string, Record<string, () => Promise<LocaleModule>>> = {};
  for (const [file, load] of Object.entries(loaders)) (namespaces[file.split('/')[1]!] ??= {})[file] = load;
  return namespaces;
}

/**
 * Each locale is its own chunk, fetched only when chosen. The built-in plugins' names and
 * descriptions (namespace `plugins`) are a further chunk, fetched once the plugin store or
 * selector shows them. The operator console's texts (`admin`, and `admin-<area>` per section) are
 * fetched with the console only.
 */
export const localeLoaders: Record<string, Record<string, () => Promise<LocaleModule>>> = {
  translation: import.meta.glob<LocaleModule>('./*.json'),
  plugins: import.meta.glob<LocaleModule>('./plugins/*.json'),
  ...byFolder(import.meta.glob<LocaleModule>('./admin*/*.json')),
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
