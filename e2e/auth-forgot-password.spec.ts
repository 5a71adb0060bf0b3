import { randomBytes } from 'node:crypto';
import { linkIn, stackControl } from './support/control.ts';
import { expect, test } from './support/fixtures.ts';

test('a user resets a forgotten password through the mailed link and signs in with the new one', async ({
  page,
  createAccount,
}) => {
  const account = await createAccount('forgot');
  const newPassword = `new-${randomBytes(6).toString('hex')}`;

  await page.goto('/login');
  await page.getByTestId('forgot-password-link').click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByTestId('forgot-email').fill(account.email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('reset-email-sent')).toHaveText(
    'An email has been sent to you with further instructions to reset your password.',
  );

  const link = linkIn(await stackControl.mail(account.email), '/reset-password');
  await page.goto(link.toString());
  await page.getByTestId('reset-password').fill(newPassword);
  await page.getByTestId('reset-confirm-password').fill(newPassword);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-success')).toHaveText('You may now login with your new password.');
  await page.getByTestId('reset-continue').click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toBeVisible();

  await page.getByTestId('login-password').fill(newPassword);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/chat\/new$/);
});
