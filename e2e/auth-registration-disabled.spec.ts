import { freePort, startStack, type Stack } from '@parley/testkit';
import { expect, newAccountDetails, test } from './support/fixtures.ts';

// Registration is fixed at start, so this journey runs its own stack with ALLOW_REGISTRATION=false.
let stack: Stack | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startStack({ port: await freePort(), env: { ALLOW_REGISTRATION: 'false' } });
});

test.afterAll(async () => {
  await stack?.stop();
});

test('with registration disabled, /register redirects to /login, which offers no sign-up link', async ({ page }) => {
  await page.goto(`${stack!.url}/register`);
  await expect(page).toHaveURL(`${stack!.url}/login`);
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect(page.getByTestId('register-link')).toHaveCount(0);

  const account = newAccountDetails('closed');
  const refused = await page.request.post(`${stack!.url}/api/auth/register`, {
    data: { ...account, confirm_password: account.password },
  });
  expect(refused.status()).toBe(403);
});
