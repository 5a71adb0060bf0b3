import { expect, test } from './support/fixtures.ts';

test('switching the theme to dark puts the dark class on <html> and survives a reload', async ({ page, signUp }) => {
  await signUp('theme');
  await page.goto('/chat/new');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-theme').click();
  await page.getByRole('option', { name: 'Dark' }).click();
  await expect(html).toHaveClass(/\bdark\b/);

  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(html).toHaveClass(/\bdark\b/);
});
