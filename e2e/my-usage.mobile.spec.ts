import { keysModeEnv } from './support/access-journey.ts';
import { test } from './support/fixtures.ts';
import { chinese, english, myUsageJourney } from './support/my-usage-journey.ts';
import { ownStack } from './support/own-stack.ts';

test.describe.configure({ mode: 'serial' });
const stack = ownStack(keysModeEnv);

test('on a phone: a key user finds the call, the chart, the CSV and the order on My usage', async ({ page }) => {
  test.setTimeout(90_000);
  await myUsageJourney(page, stack, { viewport: 'mobile', theme: 'dark', lang: 'en' }, english);
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('手机上：密钥用户在“我的用量”看到调用、图表、CSV 和订单', async ({ page }) => {
    test.setTimeout(90_000);
    await myUsageJourney(page, stack, { viewport: 'mobile', theme: 'light', lang: 'zh' }, chinese);
  });
});
