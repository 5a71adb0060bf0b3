import { USAGE_CLIENT_PASSWORD } from '@parley/core';
import type { Page } from '@playwright/test';
import { openSidebar, send } from './support/access-journey.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { consoleEnv, openConsoleAsAdmin } from './support/console.ts';
import { lowContrast } from './support/contrast.ts';
import { expect, test } from './support/fixtures.ts';
import { ownStack, type OwnStack } from './support/own-stack.ts';
import { screenshotPath } from './support/screenshot-path.ts';
import { animationsSettled } from './support/animations-settled.ts';

// One stack in `both` mode: the console's admin account, and visitors with keys; the journeys run in order.
test.describe.configure({ mode: 'serial' });
const stack = ownStack({ ...consoleEnv, ACCESS_MODE: 'both' });

const sections = ['keys', 'codes', 'orders', 'usage', 'models'] as const;

/** Opens a console section through its menu (the side menu on a desktop, the tabs on a phone). */
async function openSection(page: Page, section: (typeof sections)[number]) {
  const link = page.getByTestId(`console-nav-${section}`).or(page.getByTestId(`console-tab-${section}`));
  await link.first().click();
  await expect(page.getByTestId(`${section}-page`)).toBeVisible();
}

async function quotaOf(page: Page, key: string): Promise<number> {
  const answer = await page.request.post(`${stack.url}/api/ask/usage/getusage`, { data: { password: USAGE_CLIENT_PASSWORD, apikey: key } });
  return ((await answer.json()) as { usage: number }).usage;
}

/** A visitor page that saved `key` in the welcome modal. */
async function visitorWithKey(page: Page, key: string) {
  await page.goto(`${stack.url}/chat/new`);
  await page.getByTestId('access-key-input').fill(key);
  await page.getByTestId('access-key-save').click();
  await expect(page.getByTestId('welcome-modal')).toBeHidden();
}

/** A paid top-up order of `key`, through the gateway fake (its pay page is visited, then the payment notified). */
async function paidOrder(page: Page, s: OwnStack, key: string): Promise<string> {
  const created = await page.request.post(`${s.url}/api/ask/usage/createorder`, {
    data: { password: USAGE_CLIENT_PASSWORD, apikey: key, payId: `${Date.now()}`, type: 2, price: 20, returnUrl: `${s.url}/` },
  });
  const orderId = ((await created.json()) as { data: { orderId: string } }).data.orderId;
  expect((await page.request.get(`${s.url}/pay/${orderId}`)).status()).toBe(200);
  const paid = await page.request.post(`${s.controlUrl}/epay/pay`, { data: { outTradeNo: orderId } });
  expect(await paid.json()).toEqual({ answers: ['success'] });
  return orderId;
}

test('an operator makes a batch of keys and of codes, changes a price that the next chat pays, and refunds an order; a visitor redeems a code', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await openConsoleAsAdmin(page, stack, '/admin/keys');

  // A batch of keys, shown once, with its CSV.
  await page.getByTestId('keys-new').click();
  await page.getByTestId('key-count').fill('3');
  await page.getByTestId('key-quota').fill('100');
  await page.getByTestId('key-note').fill('card shop batch');
  await page.getByTestId('key-create-submit').click();
  const keysList = page.getByTestId('keys-created').getByTestId('secrets-list');
  await expect(keysList).toBeVisible();
  const keys = (await keysList.textContent())!.trim().split('\n');
  expect(keys).toHaveLength(3);
  for (const key of keys) expect(key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
  const csv = page.waitForEvent('download');
  await page.getByTestId('keys-created').getByTestId('secrets-csv').click();
  expect((await csv).suggestedFilename()).toMatch(/^keys-.*\.csv$/);
  await page.keyboard.press('Escape');
  await page.getByTestId('table-search').fill('card shop');
  await expect(page.getByTestId('keys-table').getByTestId('key-state').filter({ visible: true })).toHaveCount(3);
  await expectNoSeriousAxe(page, 'console keys');

  // A batch of top-up codes.
  await openSection(page, 'codes');
  await page.getByTestId('codes-new').click();
  await page.getByTestId('code-count').fill('2');
  await page.getByTestId('code-quota').fill('40');
  await page.getByTestId('code-note').fill('spring promo');
  await page.getByTestId('code-create-submit').click();
  const codesList = page.getByTestId('codes-created').getByTestId('secrets-list');
  await expect(codesList).toBeVisible();
  const codes = (await codesList.textContent())!.trim().split('\n');
  expect(codes).toHaveLength(2);
  await page.keyboard.press('Escape');

  // A visitor chats on the first key: the call costs the model's price.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const key = keys[0]!;
  await visitorWithKey(visitor, key);
  const asked = visitor.waitForRequest((request) => request.url().includes('/api/ask/') && request.method() === 'POST');
  await send(visitor, 'Hello at the old price');
  const model = ((await asked).postDataJSON() as { model: string }).model;
  const afterFirst = await quotaOf(page, key);
  expect(afterFirst).toBeLessThan(100);

  // The operator prices that model at 7 a call: the next chat pays 7.
  await openSection(page, 'models');
  await page.getByTestId('models-costs-add').click();
  await page.getByTestId('models-costs-0-0').fill(model);
  await page.getByTestId('models-costs-0-1').fill('7');
  await page.getByTestId('models-announcement').fill('Spring promotion: codes on sale this week.');
  await page.getByTestId('models-save').click();
  await expect(page.getByText('Saved: the new settings apply now.')).toBeVisible();
  await expectNoSeriousAxe(page, 'console models and prices');
  await send(visitor, 'Hello at the new price');
  expect(await quotaOf(page, key)).toBe(afterFirst - 7);

  // The visitor redeems a code in the quota dialog.
  await openSidebar(visitor);
  await visitor.getByTestId('user-menu').click();
  await visitor.getByTestId('open-quota').click();
  await expect(visitor.getByTestId('quota-value')).toHaveAttribute('data-state', 'done');
  await visitor.getByTestId('redeem-code-input').fill(codes[0]!.toLowerCase());
  await visitor.getByTestId('redeem-submit').click();
  await expect(visitor.getByTestId('redeem-topped-up')).toContainText('40 quota added');
  await expect(visitor.getByTestId('quota-value')).toHaveText(String(afterFirst - 7 + 40));
  await visitor.getByTestId('redeem-code-input').fill(codes[0]!);
  await visitor.getByTestId('redeem-submit').click();
  await expect(visitor.getByTestId('redeem-error')).toContainText('already used');
  await visitor.screenshot({ path: screenshotPath('console-redeem-desktop-light-en.png') });
  await visitorContext.close();

  await openSection(page, 'codes');
  await page.getByTestId('table-search').fill('spring promo');
  await expect(page.getByTestId('codes-table').getByTestId('code-state').filter({ visible: true, hasText: 'Redeemed' })).toHaveCount(1);

  // An order of the second key, paid, then refunded: its quota is taken back.
  const buyer = keys[1]!;
  const orderId = await paidOrder(page, stack, buyer);
  expect(await quotaOf(page, buyer)).toBe(1100);
  await openSection(page, 'orders');
  await page.getByTestId('table-search').fill(orderId);
  const row = page.getByTestId('orders-table').locator('tr', { hasText: orderId });
  await expect(row.getByTestId('order-state')).toHaveText('Credited');
  await row.getByTestId('order-refund').click();
  await page.getByTestId('prompt-input').fill('buyer asked for a refund');
  await page.getByTestId('prompt-confirm').click();
  await expect(row.getByTestId('order-state')).toHaveText('Refunded');
  await expectNoSeriousAxe(page, 'console orders');
  expect(await quotaOf(page, buyer)).toBe(100);

  await openSection(page, 'usage');
  await expect(page.getByTestId('usage-table').locator('tbody tr')).not.toHaveCount(0);
});

const looks = [
  { lang: 'en', theme: 'light' },
  { lang: 'zh', theme: 'dark' },
] as const;
const viewports = { desktop: { width: 1280, height: 860 }, mobile: { width: 390, height: 844 } } as const;

for (const look of looks) {
  test(`the business sections in ${look.lang} (${look.theme}), at 1280 and 390 px: readable, clean for axe, and pictured`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript(
      ({ colorTheme, language }) => {
        localStorage.setItem('color-theme', colorTheme);
        localStorage.setItem('lang', language);
      },
      { colorTheme: look.theme, language: look.lang === 'zh' ? 'zh-CN' : 'en-US' },
    );
    await openConsoleAsAdmin(page, stack, '/admin/keys');
    for (const [viewport, size] of Object.entries(viewports)) {
      await page.setViewportSize(size);
      for (const section of sections) {
        await page.goto(`${stack.url}/admin/${section}`);
        await expect(page.getByTestId(`${section}-page`)).toBeVisible();
        await expect(page.getByTestId('admin-console')).not.toContainText('admin-');
        await expect(page.getByRole('status').filter({ has: page.locator('.animate-spin') })).toHaveCount(0);
        expect(await lowContrast(page), `${section} ${viewport}`).toEqual([]);
        await expectNoSeriousAxe(page, `console ${section}, ${viewport}, ${look.theme}, ${look.lang}`);
        await animationsSettled(page);
        await page.screenshot({ path: screenshotPath(`console-${section}-${viewport}-${look.theme}-${look.lang}.png`), fullPage: true });
      }
    }
  });
}
