import { linkIn, stackControl } from './support/control.ts';
import { expect, test } from './support/fixtures.ts';
import type { APIRequestContext, Page } from '@playwright/test';

const invalidToken = 'This password reset token is no longer valid.';

async function mailedResetLink(request: APIRequestContext, email: string): Promise<URL> {
  const response = await request.post('/api/auth/requestPasswordReset', { data: { email } });
  expect(response.status(), await response.text()).toBe(200);
  return linkIn(await stackControl.mail(email), '/reset-password');
}

async function submitNewPassword(page: Page, link: URL, password: string) {
  await page.goto(link.toString());
  await page.getByTestId('reset-password').fill(password);
  await page.getByTestId('reset-confirm-password').fill(password);
  await page.getByTestId('reset-submit').click();
}

test('a reset link that was already used shows the invalid-token banner linking to a new request', async ({
  page,
  request,
  createAccount,
}) => {
  const account = await createAccount('used-token');
  const link = await mailedResetLink(request, account.email);
  await submitNewPassword(page, link, 'first-new-password');
  await expect(page.getByTestId('reset-success')).toBeVisible();

  await submitNewPassword(page, link, 'second-new-password');
  await expect(page.getByTestId('reset-error')).toContainText(invalidToken);
  await page.getByTestId('reset-request-new').click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('a reset link with a forged token shows the invalid-token banner', async ({ page, request, createAccount }) => {
  const account = await createAccount('forged-token');
  const link = await mailedResetLink(request, account.email);
  link.searchParams.set('token', `${link.searchParams.get('token')!.slice(0, -4)}abcd`);

  await submitNewPassword(page, link, 'forged-new-password');
  await expect(page.getByTestId('reset-error')).toContainText(invalidToken);
  await expect(page.getByTestId('reset-request-new')).toHaveAttribute('href', '/forgot-password');
});
