import type { Page } from '@playwright/test';

/** Theme and language of a screenshot, stored as the app stores them; they apply at the next load. */
export async function chooseLook(page: Page, theme: 'light' | 'dark', lang: 'en' | 'zh') {
  await page.evaluate(
    ({ colorTheme, language }) => {
      localStorage.setItem('color-theme', colorTheme);
      localStorage.setItem('lang', language);
    },
    { colorTheme: theme, language: lang === 'zh' ? 'zh-CN' : 'en-US' },
  );
}
