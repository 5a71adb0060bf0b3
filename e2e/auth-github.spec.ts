import { stackOAuthUser } from '@parley/testkit';
import { expect, test } from './support/fixtures.ts';

test('signing in with GitHub through the OAuth consent page lands on a new chat as that account', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('social-github').click();

  // The fake authorization server's consent page stands in for github.com.
  await expect(page).toHaveURL(/\/github\/authorize/);
  await page.getByRole('button', { name: 'Authorize' }).click();

  await expect(page).toHaveURL(/\/chat\/new$/);
  await expect(page.getByTestId('user-name')).toHaveText(stackOAuthUser.name);
});
