import { orderPagePath } from '@parley/core';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { openChatWithNewKey, openSidebar, send } from './access-journey.ts';
import { wearLook, type AccessLook } from './access-shots.ts';
import { expectNoSeriousAxe } from './axe.ts';
import type { OwnStack } from './own-stack.ts';
import { screenshotPath } from './screenshot-path.ts';
import { animationsSettled } from './animations-settled.ts';

/** Keys mode with two free calls a day, so a visitor meets the end of the free allowance quickly. */
export const buyerEnv = { ACCESS_MODE: 'keys', FREE_CALLS_PER_DAY: '2' };

export interface BuyerTexts {
  unknownKey: string;
  freeSpent: RegExp;
  paid: string;
  carried: RegExp;
  keyLeft: RegExp;
}

/** What the journeys read, in English and in Chinese. */
export const english: BuyerTexts = {
  unknownKey: 'This key is not recognised. Check it and try again.',
  freeSpent: /You have used today's free messages/,
  paid: 'Top-up successful',
  carried: /Your free conversations moved to this key \(1\)/,
  keyLeft: /Your key has 0 quota left, and this model costs 1 a message/,
};
export const chinese: BuyerTexts = {
  unknownKey: '无法识别此密钥，请检查后重试。',
  freeSpent: /今天的免费消息已用完/,
  paid: '充值成功',
  carried: /你的免费对话已转入此密钥（1 个）/,
  keyLeft: /你的密钥剩余额度为 0，而此模型每条消息需 1/,
};

async function shot(page: Page, moment: string, look: AccessLook) {
  await animationsSettled(page);
  await page.screenshot({ path: screenshotPath(`buyer-${moment}-${look.viewport}-${look.theme}-${look.lang}.png`) });
}

/** The number the sidebar footer (desktop) or the phone header shows as what is left. */
async function shownBalance(page: Page, look: AccessLook): Promise<string> {
  if (look.viewport === 'mobile') return (await page.getByTestId('header-balance').textContent())!.replace(/\D/g, '');
  return (await page.getByTestId('nav').getByTestId('balance').textContent())!.replace(/\D/g, '');
}

/**
 * A visitor with no key: a mistyped key is refused at entry; two free messages (the quota in
 * sight counts them down), then the free allowance ends with a message that offers to buy a key,
 * while the message box stays usable; the key is bought and paid on the gateway (in a new tab, or
 * with pop-ups blocked in this tab), the order page shows it once with a copy button, and chatting
 * on it carries the free conversations over (said in one line) and counts its quota down.
 */
export async function buyerJourney(page: Page, stack: OwnStack, look: AccessLook, texts: BuyerTexts, popupsBlocked: boolean): Promise<void> {
  await wearLook(page, look);
  if (popupsBlocked) await page.addInitScript(() => (window.open = () => null));
  await page.goto(`${stack.url}/chat/new`);

  await mistypedKeyRefused(page, texts);
  await page.getByTestId('welcome-continue-free').click();

  await send(page, 'First free question');
  await expect.poll(() => shownBalance(page, look)).toBe('1');
  await send(page, 'Second free question');
  await expect.poll(() => shownBalance(page, look)).toBe('0');

  // The third: the free day is spent; the message says so and offers to buy a key.
  await page.getByTestId('chat-input').fill('Third, past the free calls');
  await page.getByTestId('chat-input').press('Enter');
  const error = page.getByTestId('message-error').last();
  await expect(error).toContainText(texts.freeSpent);
  await expect(page.getByTestId('chat-input')).toBeEnabled();
  await expect(page.getByTestId('send-button')).toBeVisible();
  await shot(page, 'free-spent', look);

  await error.getByTestId('error-buy-key').click();
  const dialog = page.getByTestId('quota-dialog');
  await expect(dialog.getByTestId('buy-intro')).toBeVisible();
  await page.getByTestId('quota-pack-1000').click();
  await page.getByTestId('pay-method-alipay').click();
  await expectNoSeriousAxe(page, 'buy-a-key dialog');
  await shot(page, 'buy', look);
  const gateway = popupsBlocked ? page : await payInNewTab(page);
  if (popupsBlocked) await page.getByTestId('pay-button').click();
  await expect(gateway.getByTestId('epay-money')).toHaveText('¥20.00', { timeout: 15_000 });
  await pendingOrderSeen(gateway, stack, look);
  await gateway.getByRole('button').click();
  await gateway.waitForURL(/\/order\/PL/, { timeout: 15_000 });
  await expect(gateway.getByTestId('order-paid')).toContainText(texts.paid);
  const key = (await gateway.getByTestId('order-key').textContent())!;
  expect(key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
  await expect(gateway.getByTestId('order-key-reminder')).toBeVisible();
  await expectNoSeriousAxe(gateway, 'order page, paid with a new key');
  await shot(gateway, 'order', look);
  if (!popupsBlocked) {
    // The tab that placed the order saw the payment by itself.
    await expect(page.getByTestId('order-paid')).toContainText(texts.paid, { timeout: 15_000 });
    await gateway.close();
    await page.getByTestId('order-show-key').click();
    await expect(page.getByTestId('order-key')).toHaveText(key);
  }
  // The order page shows the key again on a reload, in this browser only.
  await page.reload();
  await expect(page.getByTestId('order-key')).toHaveText(key);
  const stranger = await page.context().browser()!.newContext();
  const other = await stranger.newPage();
  await other.goto(page.url());
  await expect(other.getByTestId('order-missing')).toBeVisible();
  await expect(other.getByText(key)).toHaveCount(0);
  await stranger.close();

  await page.getByTestId('order-use-key').click();
  await expect(page).toHaveURL(/\/chat\/new$/);
  await expect(page.getByTestId('toast')).toContainText(texts.carried);
  expect(await page.evaluate(() => localStorage.getItem('apiKey'))).toBe(key);
  await openSidebar(page);
  await expect(page.getByTestId('convo-item')).toHaveCount(1);
  if (look.viewport === 'mobile') await page.getByTestId('nav-close').click();
  await expect.poll(() => shownBalance(page, look)).toBe('1000');
  await send(page, 'Now on my own key');
  await expect.poll(() => shownBalance(page, look)).toBe('999');
  await shot(page, 'chat-on-key', look);
}

/** Before the gateway is paid, the order page (in another tab of the same browser) waits for it and says what was ordered. */
async function pendingOrderSeen(gateway: Page, stack: OwnStack, look: AccessLook) {
  const orderId = (await gateway.getByTestId('epay-order').textContent())!;
  const tab = await gateway.context().newPage();
  await wearLook(tab, look);
  await tab.goto(`${stack.url}${orderPagePath(orderId)}`);
  // A cold tab loads the whole app first: on a loaded two-core runner that took past ten seconds once.
  await expect(tab.getByTestId('order-pending')).toBeVisible({ timeout: 20_000 });
  await expect(tab.getByTestId('order-summary')).toContainText(orderId);
  await expectNoSeriousAxe(tab, 'order page, pending');
  await shot(tab, 'order-pending', look);
  await tab.close();
}

async function payInNewTab(page: Page): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  await page.getByTestId('pay-button').click();
  return opened;
}

async function mistypedKeyRefused(page: Page, texts: BuyerTexts) {
  const modal = page.getByTestId('welcome-modal');
  await expect(modal).toBeVisible();
  await page.getByTestId('access-key-input').fill(`sk-${'Mistyped1'.repeat(6).slice(0, 48)}`);
  await page.getByTestId('access-key-save').click();
  await expect(modal.getByRole('alert')).toHaveText(texts.unknownKey);
  expect(await page.evaluate(() => localStorage.getItem('apiKey'))).toBeNull();
}

/** A key with no quota left: the error says how much is left and what the model costs, and opens the top-up. */
export async function emptyKeyJourney(page: Page, stack: OwnStack, look: AccessLook, keyLeft: RegExp): Promise<void> {
  await openChatWithNewKey(page, stack, look, 0);
  await page.getByTestId('chat-input').fill('Anything left?');
  // Enter sends only once the chat can send (its model known); before that it is dropped.
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await page.getByTestId('chat-input').press('Enter');
  const error = page.getByTestId('message-error').last();
  await expect(error).toContainText(keyLeft);
  await expect(page.getByTestId('chat-input')).toBeEnabled();
  await shot(page, 'key-empty', look);
  await error.getByTestId('error-top-up').click();
  await expect(page.getByTestId('quota-dialog')).toBeVisible();
  await expect(page.getByTestId('quota-value')).toHaveAttribute('data-state', 'done');
}
