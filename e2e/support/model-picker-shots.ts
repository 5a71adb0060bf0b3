import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { screenshotPath } from './screenshot-path.ts';

/** Saves the open model picker as one of the issue-12 screenshots (theme and language set before). */
export async function pickerScreenshot(page: Page, name: string) {
  await page.getByTestId('model-picker').click();
  await expect(page.getByTestId('model-search')).toBeVisible();
  await page.screenshot({ path: screenshotPath(`model-picker-${name}.png`) });
  await page.keyboard.press('Escape');
}
