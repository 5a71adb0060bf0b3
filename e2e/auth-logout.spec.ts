import { expect, test } from './support/fixtures.ts';

test('logging out from the user menu returns to /login and the chat stays closed afterwards', async ({ page, signUp }) => {
  await signUp('logout');
  await page.goto('/chat/new');
  await expect(page.getByTestId('user-menu')).toBeVisible();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);

  // The refresh session was revoked server-side, so a reload cannot restore it.
  await page.goto('/chat/new');
  await expect(page).toHaveURL(/\/login$/);
});
