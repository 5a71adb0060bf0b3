import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/** Polled: a popover is placed by its positioning engine a frame after it appears. */
async function fitsTheScreen(locator: Locator) {
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      return Boolean(box && box.x >= 0 && box.x + box.width <= 390);
    })
    .toBe(true);
}

test('on a 390 px phone the new-conversation menu, the settings popover and the save-as-preset dialog fit the screen', async ({ page, signUp }) => {
  await signUp('phone-settings');
  await page.goto('/chat/new');
  await page.getByTestId('new-convo-menu').click();
  const menu = page.getByTestId('new-convo-menu-content');
  await expect(menu).toBeVisible();
  await fitsTheScreen(menu);
  await menu.locator('[data-testid="new-convo-endpoint"][data-endpoint="anthropic"]').click();
  await expect(page.getByTestId('model-picker')).toHaveText(/claude/);

  await page.getByTestId('options-settings-toggle').click();
  const popover = page.getByTestId('settings-popover');
  await expect(popover).toBeVisible();
  await fitsTheScreen(popover);
  // claude-1 answers as Claude Haiku 5.5, which takes no sampling setting: none is offered, and the panel says why.
  await expect(page.getByTestId('param-temperature')).toHaveCount(0);
  await expect(page.getByTestId('params-not-offered')).toContainText('Claude Haiku 5.5');
  await page.getByTestId('param-maxOutputTokens').fill('1200');
  await page.getByTestId('param-maxOutputTokens').press('Enter');
  await expect(page.getByTestId('param-maxOutputTokens')).toHaveValue('1200');
  await page.getByTestId('save-as-preset').click();
  const dialog = page.getByTestId('save-preset-dialog');
  await expect(dialog).toBeVisible();
  await fitsTheScreen(dialog);
  await page.getByTestId('preset-name-input').fill('Phone preset');
  await page.getByTestId('preset-save').click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('settings-close').click();
  await expect(popover).toBeHidden();
});
