import { keyJourney, keysModeEnv } from './support/access-journey.ts';
import { test } from './support/fixtures.ts';
import { ownStack } from './support/own-stack.ts';

test.describe.configure({ mode: 'serial' });
const stack = ownStack(keysModeEnv);

test('on a phone: the key from the welcome modal, chat, quota lookup and a pack bought on the gateway', async ({ page }) => {
  test.setTimeout(90_000);
  await keyJourney(page, stack, { quotaTitle: 'Quota management', paid: 'Top-up successful', look: { viewport: 'mobile', theme: 'dark', lang: 'en' } });
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('手机上：欢迎弹窗保存密钥、对话、额度查询、在网关购买', async ({ page }) => {
    test.setTimeout(90_000);
    await keyJourney(page, stack, { quotaTitle: '额度管理', paid: '充值成功', look: { viewport: 'mobile', theme: 'light', lang: 'zh' } });
  });
});
