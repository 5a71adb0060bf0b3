import { expect, test } from './support/fixtures.ts';
import { openChatGPT, saveToken, sendAndRead, startChatGPTBrowserStack, type ChatGPTBrowserStack } from './support/chatgpt-browser-stack.ts';
import { chooseLook } from './support/look.ts';
import { screenshotPath } from './support/screenshot-path.ts';

test.describe.configure({ mode: 'default' });
let stack: ChatGPTBrowserStack | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startChatGPTBrowserStack(['chatgpt-token-phone']);
});
test.afterAll(async () => {
  await stack?.stop();
});

test('at 390 px: the token dialog, a ChatGPT answer, and an expired token named with Set key', async ({ page }) => {
  test.setTimeout(180_000);
  const s = stack!;
  await openChatGPT(page, s.url);
  await page.getByTestId('set-key-button').click();
  await page.screenshot({ path: screenshotPath('chatgpt-token-mobile-light-en.png') });
  await saveToken(page, 'chatgpt-token-phone');
  await sendAndRead(page, 'Hello from a phone');

  s.fake.expire('chatgpt-token-phone');
  await page.getByTestId('chat-input').fill('Still there?');
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.getByTestId('message-error').last()).toBeVisible({ timeout: 20_000 });
  for (const theme of ['light', 'dark'] as const) {
    for (const lang of ['en', 'zh'] as const) {
      await chooseLook(page, theme, lang);
      await page.reload();
      await expect(page.getByTestId('error-set-key').last()).toBeVisible({ timeout: 20_000 });
      await page.screenshot({ path: screenshotPath(`chatgpt-expired-mobile-${theme}-${lang}.png`) });
    }
  }
  await page.getByTestId('error-set-key').last().click();
  await expect(page.getByTestId('key-hint')).toBeVisible();
  await page.screenshot({ path: screenshotPath('chatgpt-token-mobile-dark-zh.png') });
});
