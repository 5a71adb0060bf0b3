import { expect, newAccountDetails, test } from './support/fixtures.ts';
import { ownStack } from './support/own-stack.ts';

// Registration is fixed at start, so this journey runs its own stack with ALLOW_REGISTRATION=false.
const stack = ownStack({ ALLOW_REGISTRATION: 'false' });

test('with registration disabled, /register redirects to /login, which offers no sign-up link', async ({ page }) => {
  await page.goto(`${stack.url}/register`);
  await expect(page).toHaveURL(`${stack.url}/login`);
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect(page.getByTestId('register-link')).toHaveCount(0);

  const account = newAccountDetails('closed');
  const refused = await page.request.post(`${stack.url}/api/auth/register`, {
    data: { ...account, confirm_password: account.password },
  });
  expect(refused.status()).toBe(403);
});
