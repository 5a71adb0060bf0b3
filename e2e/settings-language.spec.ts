import { expect, test } from './support/fixtures.ts';

test('switching the language to 简体中文 translates the interface and sets <html lang>', async ({ page, signUp }) => {
  await signUp('language');
  await page.goto('/chat/new');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'en-US');
  const newChat = page.getByTestId('nav-new-chat');
  const english = (await newChat.textContent())!.trim();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-language').click();
  await page.getByRole('option', { name: '简体中文' }).click();

  await expect(html).toHaveAttribute('lang', 'zh-CN');
  await expect(newChat).not.toHaveText(english);
  await expect(newChat).toHaveText(/[\u4e00-\u9fff]/);

  await page.reload();
  await expect(html).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByTestId('nav-new-chat')).toHaveText(/[\u4e00-\u9fff]/);
});
