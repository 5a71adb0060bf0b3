import { stackOidcAccount } from '@parley/testkit';
import { expect, test } from './support/fixtures.ts';

test('signing in through the OpenID issuer lands on a new chat as the issuer account', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('social-openid').click();

  // The test issuer's own sign-in page (a real oidc-provider on another origin).
  await expect(page).toHaveURL(/\/interaction\//);
  await page.getByLabel('Email').fill(stackOidcAccount.email);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/chat\/new$/);
  await expect(page.getByTestId('user-name')).toHaveText(stackOidcAccount.name);
});
