import { expect, test } from './support/fixtures.ts';
import { pickerScreenshot } from './support/model-picker-shots.ts';

test('on a 390 px phone the model picker and its search fit the screen', async ({ page, signUp }) => {
  await signUp('model-picker-phone');
  await page.goto('/chat/new');
  // Reload only once the page has its session: a reload during the first token refresh drops the rotated cookie.
  await expect(page.getByTestId('model-picker')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  await page.reload();
  await page.getByTestId('model-picker').click();
  const search = page.getByTestId('model-search');
  await expect(search).toBeVisible();
  const box = await page.getByRole('menu').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await search.fill('deepseek');
  await expect(page.locator('[data-testid="model-family"][data-answering="DeepSeek V4 Flash"] [data-testid="model-option"][data-model="deepseek-r1"]')).toBeVisible();
  await page.keyboard.press('Escape');
  await pickerScreenshot(page, 'mobile-light-zh');
  await page.evaluate(() => {
    localStorage.setItem('color-theme', 'dark');
    localStorage.setItem('lang', 'en-US');
  });
  await page.reload();
  await pickerScreenshot(page, 'mobile-dark-en');
});
