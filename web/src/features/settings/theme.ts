import { create } from 'zustand';

export const themes = ['system', 'dark', 'light'] as const;
export type Theme = (typeof themes)[number];
const THEME_STORAGE = 'color-theme';

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function readTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE);
    return themes.includes(stored as Theme) ? (stored as Theme) : 'system';
  } catch {
    return 'system';
  }
}

/** Puts (or removes) the `dark` class on <html>, which Tailwind's dark variant keys on. */
function applyTheme(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && darkQuery().matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
}

export const useThemeStore = create<ThemeState>()((set) => ({
  theme: readTheme(),
  setTheme: (theme) => {
    try {
      localStorage.setItem(THEME_STORAGE, theme);
    } catch {
      // The choice still applies to this page load.
    }
    applyTheme(theme);
    set({ theme });
  },
}));

/** Applies the stored theme and keeps `system` following the OS setting live. */
export function startTheme(): void {
  applyTheme(useThemeStore.getState().theme);
  darkQuery().addEventListener('change', () => {
    if (useThemeStore.getState().theme === 'system') applyTheme('system');
  });
}
