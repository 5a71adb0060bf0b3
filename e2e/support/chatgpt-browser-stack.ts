import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startChatGPTWebFake, startStack, type ChatGPTWebFake, type Stack } from '@parley/testkit';
import { expect, type Page } from '@playwright/test';
import { newAccountDetails } from './fixtures.ts';

/**
 * A stack with chatGPTBrowser left to the users (`user_provided`), pointed at the ChatGPT web fake
 * in this process, on a data directory that outlives a restart: `restart()` stops Parley and starts
 * it again on the same port and data, while the fake (ChatGPT's side of the conversation) stays.
 */
export interface ChatGPTBrowserStack {
  url: string;
  fake: ChatGPTWebFake;
  /** Restarts Parley on the same data; `withoutChatGPT` leaves chatGPTBrowser unconfigured this time. */
  restart(options?: { withoutChatGPT?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

export async function startChatGPTBrowserStack(tokens: string[]): Promise<ChatGPTBrowserStack> {
  const fake = await startChatGPTWebFake({ tokens });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-e2e-chatgpt-'));
  const port = await freePort();
  const env = { CHATGPT_BROWSER_API_KEY: 'user_provided', CHATGPT_BROWSER_BASE_URL: fake.url };
  let stack: Stack = await startStack({ port, dataDir, env, startTimeoutMs: 150_000 });
  return {
    url: stack.url,
    fake,
    async restart(options = {}) {
      await stack.stop();
      stack = await startStack({ port, dataDir, env: options.withoutChatGPT ? {} : env, startTimeoutMs: 150_000 });
    },
    async stop() {
      await stack.stop();
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a new user up in the page and opens a new ChatGPT conversation, whose Send waits for a token. */
export async function openChatGPT(page: Page, url: string) {
  const account = newAccountDetails('chatgpt');
  const registered = await page.request.post(`${url}/api/auth/register`, { data: { ...account, confirm_password: account.password } });
  expect(registered.status()).toBe(200);
  await page.goto(`${url}/chat/new`);
  await page.getByTestId('new-convo-menu').click();
  await page.locator('[data-testid="new-convo-endpoint"][data-endpoint="chatGPTBrowser"]').click();
  await expect(page.getByTestId('set-key-button')).toBeVisible();
}

/** Pastes an access token into the key dialog (opened by Set key) and saves it. */
export async function saveToken(page: Page, token: string) {
  const dialog = page.getByTestId('key-dialog');
  await expect(dialog.getByTestId('key-hint')).toBeVisible();
  await dialog.getByTestId('key-input').fill(token);
  await dialog.getByTestId('key-save').click();
  await expect(dialog).toBeHidden();
}

/** Sends a message and waits for the echoed reply of the fake. */
export async function sendAndRead(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText(`Echo: ${text}`, { timeout: 20_000 });
  await expect(page.getByTestId('send-button')).toBeVisible();
}
