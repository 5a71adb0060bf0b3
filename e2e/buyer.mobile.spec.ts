import { buyerEnv, buyerJourney, chinese, english } from './support/buyer-journey.ts';
import { test } from './support/fixtures.ts';
import { ownStack } from './support/own-stack.ts';

test.describe.configure({ mode: 'serial' });
const stack = ownStack(buyerEnv);

test('on a phone with pop-ups blocked: the payment opens in this tab and returns to the order page; the quota stays in the header', async ({ page }) => {
  test.setTimeout(120_000);
  await buyerJourney(page, stack, { viewport: 'mobile', theme: 'dark', lang: 'en' }, english, true);
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('手机上，弹出窗口被拦截：在本页支付并回到订单页', async ({ page }) => {
    test.setTimeout(120_000);
    await buyerJourney(page, stack, { viewport: 'mobile', theme: 'light', lang: 'zh' }, chinese, true);
  });
});
