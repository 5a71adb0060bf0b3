import { expect, test } from './support/fixtures.ts';

test('on a 390 px phone the top-bar toggle opens the sidebar drawer and its close button shuts it', async ({
  page,
  signUp,
}) => {
  await signUp('mobile');
  await page.goto('/chat/new');
  const drawer = page.getByTestId('nav');
  await expect(page.getByTestId('mobile-title')).toBeVisible();
  await expect(drawer).toBeHidden();

  await page.getByTestId('nav-toggle').click();
  await expect(drawer).toBeVisible();
  await expect(drawer).toHaveCSS('width', '320px');
  await page.getByTestId('nav-close').click();
  await expect(drawer).toBeHidden();

  await page.getByTestId('nav-toggle').click();
  await expect(drawer).toBeVisible();
  await page.getByTestId('nav-backdrop').click({ position: { x: 20, y: 400 } });
  await expect(drawer).toBeHidden();
});
