import { randomBytes } from 'node:crypto';
import { linkIn, stackControl } from './support/control.ts';
import { expect, newAccountDetails, test } from './support/fixtures.ts';
import { ownStack } from './support/own-stack.ts';

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

// Mail is fixed at start, so the two journeys without it run their own stacks.
test.describe('without email', () => {
  const stack = ownStack({ SMTP_URL: '' });

  test('the forgot-password screen says reset is not available and to ask the operator', async ({ page }) => {
    const account = newAccountDetails('nomail');
    await page.goto(`${stack.url}/forgot-password`);
    await page.getByTestId('forgot-email').fill(account.email);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('reset-unavailable')).toHaveText(
      'Password reset is not available on this server because it cannot send email. Ask its operator to reset your password.',
    );
    await expect(page.getByTestId('reset-link')).toHaveCount(0);
    await expect(page.getByTestId('back-to-login')).toBeVisible();
  });
});

test.describe('without email, with ALLOW_PASSWORD_RESET_LINK=true', () => {
  const stack = ownStack({ SMTP_URL: '', ALLOW_PASSWORD_RESET_LINK: 'true' });

  test('the forgot-password screen shows the reset link, which sets a new password', async ({ page }) => {
    const account = newAccountDetails('inpage');
    const registered = await page.request.post(`${stack.url}/api/auth/register`, { data: { ...account, confirm_password: account.password } });
    expect(registered.status()).toBe(200);
    await page.context().clearCookies();

    await page.goto(`${stack.url}/forgot-password`);
    await page.getByTestId('forgot-email').fill(account.email);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('reset-link-notice')).toContainText('Email is not set up on this server.');
    await page.getByTestId('reset-link').click();
    await expect(page).toHaveURL(/\/reset-password\?token=/);

    const newPassword = `new-${randomBytes(6).toString('hex')}`;
    await page.getByTestId('reset-password').fill(newPassword);
    await page.getByTestId('reset-confirm-password').fill(newPassword);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-success')).toHaveText('You may now login with your new password.');
  });
});
