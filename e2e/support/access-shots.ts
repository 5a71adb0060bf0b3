import type { Page } from '@playwright/test';
import { screenshotPath } from './screenshot-path.ts';
import { animationsSettled } from './animations-settled.ts';

/** The look of one run of the key journey, named as its screenshots are: `desktop-light-en`. */
export interface AccessLook {
  viewport: 'desktop' | 'mobile';
  theme: 'light' | 'dark';
  lang: 'en' | 'zh';
}

/** Stores theme and language before every load of the page, as the app keeps them, so the whole journey wears the look. */
export async function wearLook(page: Page, look: AccessLook): Promise<void> {
  await page.addInitScript(
    ({ colorTheme, language }) => {
      localStorage.setItem('color-theme', colorTheme);
      localStorage.setItem('lang', language);
    },
    { colorTheme: look.theme, language: look.lang === 'zh' ? 'zh-CN' : 'en-US' },
  );
}

/** Retakes screenshotPath(`access-<moment>-<viewport>-<theme>-<lang>.png`) (the welcome modal, 额度管理, an order made). */
export async function accessShot(page: Page, moment: 'welcome' | 'quota' | 'ordered', look: AccessLook): Promise<void> {
  await animationsSettled(page);
  await page.screenshot({ path: screenshotPath(`access-${moment}-${look.viewport}-${look.theme}-${look.lang}.png`) });
}
