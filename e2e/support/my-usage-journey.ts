import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { openChatWithNewKey, openSidebar, send } from './access-journey.ts';
import type { AccessLook } from './access-shots.ts';
import type { OwnStack } from './own-stack.ts';
import { screenshotPath } from './screenshot-path.ts';
import { animationsSettled } from './animations-settled.ts';

/** What the journey reads on the page, in English and in Chinese. */
export interface MyUsageTexts {
  title: string;
  credited: string;
  /** The chart's line for the last 30 days with one call of quota 1. */
  total: RegExp;
}

export const english: MyUsageTexts = { title: 'My usage', credited: 'Credited', total: /Last 30 days: 1 quota spent, calls: 1\./ };
export const chinese: MyUsageTexts = { title: '我的用量', credited: '已到账', total: /最近 30 天：共 1 次调用，1 额度。/ };

async function shoot(page: Page, look: AccessLook) {
  await animationsSettled(page);
  const name = `${look.viewport}-${look.theme}-${look.lang}`;
  // The page scrolls inside the layout: a taller window shows all of it in one picture.
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: look.viewport === 'mobile' ? 1900 : 1400 });
  await page.screenshot({ path: screenshotPath(`my-usage-${name}.png`) });
  await page.setViewportSize(size);
}

/** A top-up of the key, placed and paid as the gateway's buyer would: the order is then credited. */
async function paidTopUp(page: Page, stack: OwnStack, key: string): Promise<string> {
  const placed = await page.request.post(`${stack.url}/api/orders/key`, { data: { payId: `my-usage-${Date.now()}`, type: 1, price: 20, apikey: key } });
  expect(placed.status()).toBe(200);
  const { orderId, payUrl } = (await placed.json()) as { orderId: string; payUrl: string };
  // The gateway learns of the order as the payer is sent there, then pays it and notifies Parley.
  expect((await page.request.get(`${stack.url}${payUrl}`)).status()).toBe(200);
  const paid = await page.request.post(`${stack.controlUrl}/epay/pay`, { data: { outTradeNo: orderId } });
  expect(((await paid.json()) as { answers: string[] }).answers).toEqual(['success']);
  return orderId;
}

/**
 * A key user chats, tops the key up, and opens "My usage" from the user menu: the remaining quota,
 * the day's call in the chart and in the records, the CSV of them, and the credited order with its
 * amount in yuan, linking to its order page. Pictured in the look it wears.
 */
export async function myUsageJourney(page: Page, stack: OwnStack, look: AccessLook, texts: MyUsageTexts): Promise<void> {
  const key = await openChatWithNewKey(page, stack, look, 100);
  await send(page, 'How much did this cost?');
  const orderId = await paidTopUp(page, stack, key);
  // The call's record is written by the recorder's next batch, a moment after the reply.
  const headers = { authorization: `Bearer ${key}` };
  await expect.poll(async () => ((await (await page.request.get(`${stack.url}/api/usage/records`, { headers })).json()) as { records: unknown[] }).records.length).toBe(1);

  await openSidebar(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-my-usage').click();
  await expect(page).toHaveURL(/\/usage$/);
  const usage = page.getByTestId('my-usage-page');
  await expect(usage.getByRole('heading', { level: 1 })).toHaveText(texts.title);
  await expect(usage.getByTestId('balance')).toContainText('1,099');

  await expect(usage.getByTestId('my-usage-chart-total')).toHaveText(texts.total);
  const bars = usage.getByTestId('my-usage-bars');
  await expect(bars.locator('svg rect')).toHaveCount(30);
  // The table beside the drawing: today's row holds the call's 1 quota.
  await expect(bars.locator('table tbody tr').last().locator('td')).toHaveText('1');

  const record = usage.getByTestId('my-usage-record');
  await expect(record).toHaveCount(1);
  await expect(record.getByTestId('my-usage-record-cost')).toContainText('1');

  const order = usage.getByTestId('my-usage-order');
  await expect(order).toHaveCount(1);
  await expect(order.getByTestId('my-usage-order-amount')).toHaveText('¥20.00');
  await expect(order.getByTestId('my-usage-order-state')).toHaveText(texts.credited);
  await expect(order).toHaveAttribute('href', `/order/${orderId}`);

  const downloaded = page.waitForEvent('download');
  await usage.getByTestId('my-usage-export').click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(/^my-usage-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await file.path())!, 'utf8')).trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toBe('createdAt,dialect,model,upstreamModel,tokenName,inputTokens,outputTokens,cachedTokens,reasoningTokens,charged,unit,ttftMs,totalMs,status,errorCode');
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z,web,[^,]+,.*,1,quota,.*,ok,$/);

  await shoot(page, look);

  await order.click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
}
