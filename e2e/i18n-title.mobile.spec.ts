import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// Issue 16 on a phone: the top bar names the open conversation. Before the generated title
// arrives (the chat stream's title frame, issue 23) it shows the default title in the reader's
// language, never the 'New Chat' the server stores. The provider fake echoes, so the reply and the title (the echo of the title request)
// need no script.
test.use({ locale: 'zh-CN' });

/** Every text the phone's top bar shows from now on, in order, recorded in the page as it changes. */
async function recordTopBar(page: Page) {
  await page.evaluate(() => {
    const shown: string[] = [];
    (window as unknown as { topBarTexts: string[] }).topBarTexts = shown;
    const note = () => {
      const text = document.querySelector('[data-testid="mobile-title"]')?.textContent ?? '';
      if (text !== shown.at(-1)) shown.push(text);
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { topBarTexts: string[] }).topBarTexts);
}

test('在手机上，第一条回复期间顶栏显示“新对话”，从不显示 New Chat，然后显示生成的标题', async ({ page, signUp }) => {
  await signUp('phone-title');
  await page.goto('/chat/new');
  const topBar = page.getByTestId('mobile-title');
  await expect(topBar).toHaveText('新对话');
  const shown = await recordTopBar(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/convos/')) asked.push(pathname);
  });

  await page.getByTestId('chat-input').fill('京都有哪些值得一去的寺庙？');
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await page.getByTestId('send-button').click();
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(topBar).not.toHaveText('新对话', { timeout: 15_000 });
  const title = (await topBar.textContent())!;
  expect(title).toContain('京都');

  const texts = await shown();
  expect(texts).not.toContain('New Chat');
  expect(texts[0]).toBe('新对话');
  expect(texts.at(-1)).toBe(title);
  expect(texts.filter((text) => text !== '新对话' && text !== title)).toEqual([]);
  // The title came as the chat stream's last frame: the page never asked the server for it.
  expect(asked).toEqual([]);
});
