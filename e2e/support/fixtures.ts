import { randomBytes, randomInt } from 'node:crypto';
import { test as base, expect, type APIRequestContext } from '@playwright/test';

export { expect };

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** An address no other test (or earlier run against a reused stack) has registered. */
function uniqueEmail(label = 'user'): string {
  return `e2e-${label}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

export function newAccountDetails(label = 'user'): Account {
  return { name: 'Test Person', email: uniqueEmail(label), password: `pw-${randomBytes(6).toString('hex')}` };
}

async function register(request: APIRequestContext, account: Account): Promise<Account> {
  const response = await request.post('/api/auth/register', { data: { ...account, confirm_password: account.password } });
  expect(response.status(), await response.text()).toBe(200);
  return account;
}

interface Fixtures {
  /** Registers a fresh account through the API while the browser stays signed out. */
  createAccount(label?: string): Promise<Account>;
  /** Registers a fresh account through the page's own request context: the browser is signed in. */
  signUp(label?: string): Promise<Account>;
}

export const test = base.extend<Fixtures>({
  // Parley limits logins to 7 per 5 minutes per client address (kept as in production). The stack
  // trusts X-Forwarded-For, so each test gets its own address and its own budget.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
  createAccount: async ({ request }, use) => {
    await use((label) => register(request, newAccountDetails(label)));
  },
  signUp: async ({ page }, use) => {
    await use((label) => register(page.request, newAccountDetails(label)));
  },
});
