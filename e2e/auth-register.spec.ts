import { expect, newAccountDetails, test } from './support/fixtures.ts';

test('a visitor registers and lands on a new chat, signed in under their name', async ({ page }) => {
  const account = newAccountDetails('register');
  await page.goto('/register');
  await page.getByTestId('register-name').fill(account.name);
  await page.getByTestId('register-email').fill(account.email);
  await page.getByTestId('register-password').fill(account.password);
  await page.getByTestId('register-confirm-password').fill(account.password);
  await page.getByTestId('register-submit').click();

  await expect(page).toHaveURL(/\/chat\/new$/);
  await expect(page.getByTestId('user-name')).toHaveText(account.name);
});

test('registering an address that is already taken keeps the visitor on the form with the reason', async ({
  page,
  createAccount,
}) => {
  const existing = await createAccount('taken');
  await page.goto('/register');
  await page.getByTestId('register-name').fill('Someone Else');
  await page.getByTestId('register-email').fill(existing.email);
  await page.getByTestId('register-password').fill('another-password');
  await page.getByTestId('register-confirm-password').fill('another-password');
  await page.getByTestId('register-submit').click();

  await expect(page.getByTestId('register-error')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});
