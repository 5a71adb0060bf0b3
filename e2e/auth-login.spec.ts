import { expect, test } from './support/fixtures.ts';

const loginFailure = 'Unable to login with the information provided. Please check your credentials and try again.';

test('a registered user signs in with email and password and lands on a new chat', async ({ page, createAccount }) => {
  const account = await createAccount('login');
  await page.goto('/login');
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();

  await expect(page).toHaveURL(/\/chat\/new$/);
  await expect(page.getByTestId('user-name')).toHaveText(account.name);
});

test('a wrong password shows the login failure text and stays on /login', async ({ page, createAccount }) => {
  const account = await createAccount('wrong-password');
  await page.goto('/login');
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(`${account.password}-wrong`);
  await page.getByTestId('login-submit').click();

  await expect(page.getByTestId('login-error')).toHaveText(loginFailure);
  await expect(page).toHaveURL(/\/login$/);
});
