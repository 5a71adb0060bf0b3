import { request, type Page } from '@playwright/test';
import { expect, newAccountDetails, type Account } from './fixtures.ts';
import type { OwnStack } from './own-stack.ts';

/** The operator password of the console journeys' stacks. */
export const OPERATOR_PASSWORD = 'console-operator-pw';

/** The address whose account is the console's admin (ADMIN_EMAILS) on a stack started with `consoleEnv`. */
const CONSOLE_ADMIN_EMAIL = 'console-admin@example.com';

/** Start a console stack with these (plus its own settings): an admin address and an operator password. */
export const consoleEnv = { ADMIN_EMAILS: CONSOLE_ADMIN_EMAIL, ADMIN_PASSWORD: OPERATOR_PASSWORD };

/** Registers an account on `stack` through its API from a request context of its own (the browser stays signed out); answers the status. */
async function register(stack: OwnStack, account: Account): Promise<number> {
  const api = await request.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` } });
  try {
    const response = await api.post(`${stack.url}/api/auth/register`, { data: { ...account, confirm_password: account.password } });
    return response.status();
  } finally {
    await api.dispose();
  }
}

export async function registerOn(_page: Page, stack: OwnStack, account: Account): Promise<Account> {
  expect(await register(stack, account)).toBe(200);
  return account;
}

/** Signs an account in through the login page and waits for the chat. */
export async function signInThroughForm(page: Page, stack: OwnStack, account: Account): Promise<void> {
  await page.goto(`${stack.url}/login`);
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/chat\//);
}

/**
 * The console's admin on a `consoleEnv` stack (`accounts` or `both` mode): registered once under
 * CONSOLE_ADMIN_EMAIL (an admin by ADMIN_EMAILS) and signed in, on the chat.
 */
export async function signInConsoleAdmin(page: Page, stack: OwnStack): Promise<Account> {
  const admin = { ...newAccountDetails('console-admin'), email: CONSOLE_ADMIN_EMAIL, password: 'console-admin-pw' };
  // 409 `email_taken`: an earlier test of the same stack registered it.
  expect([200, 409]).toContain(await register(stack, admin));
  await signInThroughForm(page, stack, admin);
  return admin;
}

/** The same admin with the console open at `path`. */
export async function openConsoleAsAdmin(page: Page, stack: OwnStack, path = '/admin'): Promise<Account> {
  const admin = await signInConsoleAdmin(page, stack);
  await page.goto(`${stack.url}${path}`);
  await expect(page.getByTestId('admin-console')).toBeVisible();
  return admin;
}

/** The ADMIN_PASSWORD operator signs in at `/admin` (a `keys` mode stack, or anyone without an account). */
export async function openConsoleAsOperator(page: Page, stack: OwnStack, path = '/admin'): Promise<void> {
  await page.goto(`${stack.url}${path}`);
  await page.getByTestId('operator-password').fill(OPERATOR_PASSWORD);
  await page.getByTestId('operator-submit').click();
  await expect(page.getByTestId('admin-console')).toBeVisible();
}

/** Chats `count` times through the API as the browser's signed-in account, so the overview has calls to draw. */
export async function chatThroughApi(page: Page, stack: OwnStack, count: number): Promise<void> {
  const refreshed = await page.request.post(`${stack.url}/api/auth/refresh`);
  const { token } = (await refreshed.json()) as { token: string };
  for (let i = 0; i < count; i += 1) {
    const response = await page.request.post(`${stack.url}/api/ask/openAI`, {
      headers: { authorization: `Bearer ${token}` },
      data: { endpoint: 'openAI', model: 'gpt-3.5-turbo', text: `Console overview question ${i + 1}` },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}
