import { buyerEnv, buyerJourney, chinese, emptyKeyJourney, english } from './support/buyer-journey.ts';
import { test } from './support/fixtures.ts';
import { ownStack } from './support/own-stack.ts';

test.describe.configure({ mode: 'serial' });
const stack = ownStack(buyerEnv);

test('a visitor with no key: a mistyped key refused, free calls counted down, the free day ends, a key bought in a new tab and shown once, chat on it', async ({ page }) => {
  test.setTimeout(120_000);
  await buyerJourney(page, stack, { viewport: 'desktop', theme: 'light', lang: 'en' }, english, false);
});

test('a key with nothing left says how much is left and what the model costs, and opens the top-up', async ({ page }) => {
  await emptyKeyJourney(page, stack, { viewport: 'desktop', theme: 'dark', lang: 'en' }, english.keyLeft);
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('没有密钥的访客：购买密钥并开始对话（暗色）', async ({ page }) => {
    test.setTimeout(120_000);
    await buyerJourney(page, stack, { viewport: 'desktop', theme: 'dark', lang: 'zh' }, chinese, false);
  });

  test('额度用完的密钥：提示剩余额度和模型消耗，并可打开充值', async ({ page }) => {
    await emptyKeyJourney(page, stack, { viewport: 'desktop', theme: 'light', lang: 'zh' }, chinese.keyLeft);
  });
});
