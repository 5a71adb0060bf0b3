import { freePort, startStack, type Stack } from '@parley/testkit';
import type { Page } from '@playwright/test';
import { expect, newAccountDetails, test } from './support/fixtures.ts';

// Users bring their own keys only where the server says `user_provided`, which is fixed at start,
// so this journey runs its own stack with Anthropic, Google and Azure left to the users.
// The tests share that stack in one worker, in order.
test.describe.configure({ mode: 'default' });
let stack: Stack | undefined;
const url = () => stack!.url;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startStack({
    port: await freePort(),
    env: { ANTHROPIC_API_KEY: 'user_provided', GOOGLE_API_KEY: 'user_provided', AZURE_OPENAI_API_KEY: 'user_provided' },
  });
});

test.afterAll(async () => {
  await stack?.stop();
});

async function signUpAndOpen(page: Page, endpoint: string) {
  const account = newAccountDetails('keys');
  const registered = await page.request.post(`${url()}/api/auth/register`, { data: { ...account, confirm_password: account.password } });
  expect(registered.status()).toBe(200);
  await page.goto(`${url()}/chat/new`);
  await page.getByTestId('new-convo-menu').click();
  await page.locator(`[data-testid="new-convo-endpoint"][data-endpoint="${endpoint}"]`).click();
  await expect(page.getByTestId('set-key-button')).toBeVisible();
  await expect(page.getByTestId('send-button')).toHaveCount(0);
}

async function sendEchoed(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText(text, { timeout: 15_000 });
}

test('a key saved for 30 minutes replaces "Set key" with Send, reaches the provider, and "Set key" returns once it lapses', async ({ page }) => {
  await page.clock.install();
  await signUpAndOpen(page, 'anthropic');
  await page.getByTestId('set-key-button').click();
  const dialog = page.getByTestId('key-dialog');
  await expect(dialog.getByTestId('key-expiry')).toHaveValue('12h');
  await expect(dialog.getByTestId('key-save')).toBeDisabled();
  await dialog.getByTestId('key-input').fill('sk-ant-my-own-key');
  await dialog.getByTestId('key-expiry').selectOption('30m');
  const saved = page.waitForRequest((r) => r.url().endsWith('/api/keys') && r.method() === 'PUT');
  await dialog.getByTestId('key-save').click();
  const body = (await saved).postDataJSON() as { name: string; value: string; expiresAt: string };
  expect(body).toMatchObject({ name: 'anthropic', value: 'sk-ant-my-own-key' });
  const lifetime = Date.parse(body.expiresAt) - (await page.evaluate(() => Date.now()));
  expect(lifetime).toBeGreaterThan(29 * 60_000);
  expect(lifetime).toBeLessThanOrEqual(30 * 60_000);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('set-key-button')).toHaveCount(0);

  await sendEchoed(page, 'Hello with my own key');
  const upstream = stack!.peers.fakes.get('anthropic')!.requests().at(-1)!;
  expect(upstream.headers['x-api-key']).toBe('sk-ant-my-own-key');

  await page.clock.fastForward('31:00');
  await expect(page.getByTestId('set-key-button')).toBeVisible();
  await expect(page.getByTestId('send-button')).toHaveCount(0);
});

test('Google: a wrong service-account file is refused with its message; the right one is imported, saved and used', async ({ page }) => {
  await signUpAndOpen(page, 'google');
  await page.getByTestId('set-key-button').click();
  const dialog = page.getByTestId('key-dialog');
  const file = dialog.getByTestId('service-account-input');
  const result = dialog.getByTestId('service-account-result');

  const shortKey = { type: 'service_account', client_email: 'bot@example.iam.gserviceaccount.com', project_id: 'parley', private_key: 'k'.repeat(600) };
  await file.setInputFiles({ name: 'short.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(shortKey)) });
  await expect(result).toHaveText('Invalid Service Account JSON Key, Did you import the correct file?');
  await expect(dialog.getByTestId('key-save')).toBeDisabled();
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a key file') });
  await expect(result).toHaveText('Invalid Service Account JSON Key, Did you import the correct file?');

  // The stack's Google fake trusts this service account (its token endpoint checks the signature).
  const account = stack!.peers.fakes.get('google')!.env.GOOGLE_API_KEY!;
  await file.setInputFiles({ name: 'service-account.json', mimeType: 'application/json', buffer: Buffer.from(account) });
  await expect(result).toContainText('Successfully Imported Service Account JSON Key');
  await dialog.getByTestId('key-save').click();
  await expect(dialog).toBeHidden();
  await sendEchoed(page, 'Hello PaLM through my service account');
});

test('Azure: the key is four fields; a saved key can be revoked from the menu, which brings "Set key" back', async ({ page }) => {
  await signUpAndOpen(page, 'azureOpenAI');
  await page.getByTestId('set-key-button').click();
  const dialog = page.getByTestId('key-dialog');
  await dialog.getByTestId('azure-instance').fill('parley-east');
  await dialog.getByTestId('azure-version').fill('2024-10-21');
  await expect(dialog.getByTestId('key-save')).toBeDisabled();
  await dialog.getByTestId('key-input').fill('azure-secret');
  const saved = page.waitForRequest((r) => r.url().endsWith('/api/keys') && r.method() === 'PUT');
  await dialog.getByTestId('key-save').click();
  expect(JSON.parse(((await saved).postDataJSON() as { value: string }).value)).toEqual({
    azureOpenAIApiInstanceName: 'parley-east',
    azureOpenAIApiVersion: '2024-10-21',
    azureOpenAIApiKey: 'azure-secret',
  });
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('send-button')).toBeVisible();

  await page.getByTestId('new-convo-menu').click();
  await page.locator('[data-testid="endpoint-key-button"][data-endpoint="azureOpenAI"]').click();
  await expect(dialog.getByTestId('key-status')).toBeVisible();
  await dialog.getByTestId('key-revoke').click();
  await expect(dialog.getByTestId('key-status')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('set-key-button')).toBeVisible();
});
