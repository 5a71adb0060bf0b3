import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { USAGE_CLIENT_PASSWORD } from '@parley/core';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { accessShot, wearLook, type AccessLook } from './access-shots.ts';
import type { OwnStack } from './own-stack.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A pay-per-call server (reading B): keys, the free allowance, the epay fake, the two key links. */
export const keysModeEnv = {
  ACCESS_MODE: 'keys',
  BUY_KEY_URL: 'https://shop.example/buy',
  LOOKUP_KEY_URL: 'https://shop.example/lookup',
};

/**
 * Mints a key the way an operator does, with the admin command while the server runs on its
 * embedded database; the key is the last line printed.
 */
export async function mintAccessKey(stack: OwnStack, quota: number): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'admin', '--', 'key:create', '--quota', String(quota), '--note', 'e2e'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: stack.dataDir, PUBLIC_URL: stack.url },
    timeout: 60_000,
  });
  const key = stdout.trim().split('\n').at(-1)!.trim();
  expect(key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
  return key;
}

/** A new key with `quota`, already saved in this browser (welcome seen), and the chat opened on it in `look`. */
export async function openChatWithNewKey(page: Page, stack: OwnStack, look: AccessLook, quota: number): Promise<string> {
  const key = await mintAccessKey(stack, quota);
  await wearLook(page, look);
  await page.addInitScript((k) => {
    localStorage.setItem('apiKey', k);
    localStorage.setItem('welcomeSeen', 'true');
  }, key);
  await page.goto(`${stack.url}/chat/new`);
  return key;
}

/** Shows the sidebar (on a phone the drawer), unless it is shown already. */
export async function openSidebar(page: Page): Promise<void> {
  const nav = page.getByTestId('nav');
  // The toggle renders with the shell, the sidebar in the same pass: asked before, a sidebar about
  // to appear reads as hidden and the click would close it.
  await expect(page.getByTestId('nav-toggle')).toBeVisible();
  if (!(await nav.isVisible())) await page.getByTestId('nav-toggle').click();
  await expect(nav).toBeVisible();
}

export async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId('chat-input').fill(text);
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText(text, { timeout: 15_000 });
  await expect(page.getByTestId('send-button')).toBeVisible({ timeout: 15_000 });
}

/** The remaining quota shown once the lookup answered. */
async function shownQuota(page: Page): Promise<number> {
  const value = page.getByTestId('quota-value');
  await expect(value).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
  return Number((await value.textContent())!.replace(/\D/g, ''));
}

/**
 * Buys a pack in 额度管理: the payment page opens in a new tab on the fake gateway, which
 * pays, notifies Parley and sends the payer back.
 */
async function buyPack(page: Page, pack: { quota: number; money: string }, texts: KeyJourneyTexts): Promise<void> {
  await page.getByTestId(`quota-pack-${pack.quota}`).click();
  await expect(page.getByTestId('pay-button')).toBeDisabled();
  await page.getByTestId('pay-method-wechat').click();
  await expect(page.getByTestId('pay-button')).toBeEnabled();
  await accessShot(page, 'quota', texts.look);
  const opened = page.context().waitForEvent('page');
  // The button's 订单创建中… while the order is made is the quota dialog's DOM test's: here it may pass too fast to see.
  await page.getByTestId('pay-button').click();

  const gateway = await opened;
  await expect(gateway.getByTestId('epay-money')).toHaveText(`¥${pack.money}`, { timeout: 15_000 });
  await expect(gateway.getByTestId('epay-type')).toContainText('WeChat Pay');
  await expect(page.getByTestId('order-created')).toBeVisible();
  await expect(page.getByTestId('pay-reopen')).toHaveAttribute('href', /^\/pay\/.+/);
  await gateway.getByRole('button').click();
  // Paid: the gateway notified Parley (which answered success) and sent the payer back to the order page.
  await gateway.waitForURL((url) => url.origin === new URL(page.url()).origin && url.pathname.startsWith('/order/'), { timeout: 15_000 });
  await expect(gateway.getByTestId('order-paid')).toContainText(texts.paid);
  await gateway.close();
}

export interface KeyJourneyTexts {
  quotaTitle: string;
  /** 充值成功 in the journey's language. */
  paid: string;
  /** The look the journey wears and names its screenshots after. */
  look: AccessLook;
}

/**
 * SPEC points 1, 2, 4 and 5 for a key holder: the key saved in the welcome modal goes to the
 * root as the bearer; a chat spends quota; 额度管理 looks the quota up on open; a pack bought on
 * the gateway raises it after "paid, refresh quota" and the key keeps chatting on it; log out
 * removes the key and reloads. Retakes the access screenshots on the way.
 */
export async function keyJourney(page: Page, stack: OwnStack, texts: KeyJourneyTexts): Promise<void> {
  const key = await mintAccessKey(stack, 50);
  await wearLook(page, texts.look);
  await page.goto(`${stack.url}/chat/new`);

  await expect(page.getByTestId('welcome-modal')).toBeVisible();
  await expect(page.getByTestId('access-key-save')).toBeDisabled();
  await page.getByTestId('access-key-input').fill(`  ${key.slice(0, 20)}\n${key.slice(20)}  `);
  await expect(page.getByTestId('access-key-input')).toHaveValue(key);
  await expect(page.getByTestId('access-key-save')).toBeEnabled();
  await accessShot(page, 'welcome', texts.look);
  await page.getByTestId('access-key-save').click();
  await expect(page.getByTestId('welcome-modal')).toBeHidden();
  await expect(page).toHaveURL(`${stack.url}/chat/new`);
  expect(await page.evaluate(() => localStorage.getItem('apiKey'))).toBe(key);

  const asked = page.waitForRequest((request) => request.url().includes('/api/ask/'));
  await send(page, 'Hello on my own key');
  expect((await asked).headers().authorization).toBe(`Bearer ${key}`);
  await expect(page.getByTestId('regenerate-message').first()).toBeVisible();

  await openSidebar(page);
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-caption')).toHaveText(`${key.slice(0, 7)}…${key.slice(-4)}`);
  await page.getByTestId('open-quota').click();
  await expect(page.getByTestId('quota-dialog')).toContainText(texts.quotaTitle);
  const before = await shownQuota(page);
  expect(before).toBeLessThan(50);

  await buyPack(page, { quota: 1000, money: '20.00' }, texts);
  // The tab that placed the order sees the payment by itself: 充值成功, and the quota looked up again.
  await expect(page.getByTestId('order-paid')).toContainText(texts.paid, { timeout: 15_000 });
  await expect.poll(() => shownQuota(page)).toBe(before + 1000);
  await accessShot(page, 'ordered', texts.look);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('quota-dialog')).toBeHidden();

  // Topped up, the key keeps chatting after a reload, and the call is charged to it.
  await page.reload();
  const askedAgain = page.waitForRequest((request) => request.url().includes('/api/ask/'));
  await send(page, 'More after the top-up');
  expect((await askedAgain).headers().authorization).toBe(`Bearer ${key}`);
  const usage = await page.request.post(`${stack.url}/api/ask/usage/getusage`, { data: { password: USAGE_CLIENT_PASSWORD, apikey: key } });
  expect(await usage.json()).toEqual({ usage: before + 1000 - 1 });

  await openSidebar(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  // Logging out says the key is forgotten here and offers to copy it first.
  await expect(page.getByTestId('forget-key-dialog')).toBeVisible();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
  await page.getByTestId('forget-copy-key').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('forget-confirm').click();
  await reloaded;
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await openSidebar(page);
  await expect(page.getByTestId('keyless-footer')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('apiKey'))).toBeNull();
}
