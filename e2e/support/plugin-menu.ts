import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Opens the plugin store from the options bar's plugin menu. */
export async function openStoreFromMenu(page: Page) {
  await page.getByTestId('plugin-selector').click();
  await page.getByTestId('plugin-store-item').click();
  await expect(page.getByTestId('plugin-store')).toBeVisible();
  return page.getByTestId('plugin-store');
}

/** Switches on exactly these installed tools for the chat, in one visit to the plugin menu. */
export async function chooseTools(page: Page, ...keys: string[]) {
  await page.getByTestId('plugin-selector').click();
  const options = page.getByTestId('plugin-menu').getByTestId('plugin-option');
  await expect(options.first()).toBeVisible();
  for (const option of await options.all()) {
    const wanted = keys.includes((await option.getAttribute('data-plugin-key')) ?? '');
    if ((await option.getAttribute('aria-checked')) !== String(wanted)) await option.click();
    await expect(option).toHaveAttribute('aria-checked', String(wanted));
  }
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('plugin-selector')).toHaveAttribute('data-tools', keys.join(','));
}
