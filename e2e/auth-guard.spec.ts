import { expect, test } from './support/fixtures.ts';

test('an unauthenticated visit to /chat/new goes to /login', async ({ page }) => {
  await page.goto('/chat/new');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-submit')).toBeVisible();
});
