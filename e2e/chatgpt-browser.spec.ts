import { expectNoSeriousAxe } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { openChatGPT, saveToken, sendAndRead, startChatGPTBrowserStack, type ChatGPTBrowserStack } from './support/chatgpt-browser-stack.ts';
import { chooseLook } from './support/look.ts';
import { screenshotPath } from './support/screenshot-path.ts';

// chatGPTBrowser is enabled at start, and the journey restarts its server: it runs its own stack, in order.
test.describe.configure({ mode: 'default' });
let stack: ChatGPTBrowserStack | undefined;
const tokens = ['chatgpt-token-ada', 'chatgpt-token-expiring'];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startChatGPTBrowserStack(tokens);
});
test.afterAll(async () => {
  await stack?.stop();
});

test('a ChatGPT conversation of three turns goes on in ChatGPT after a server restart; stop halts the reply; the header cannot save it as a preset', async ({ page }) => {
  test.setTimeout(420_000);
  const s = stack!;
  await openChatGPT(page, s.url);
  await expectNoSeriousAxe(page, 'a new ChatGPT chat waiting for its token');
  await page.getByTestId('set-key-button').click();
  await expect(page.getByTestId('key-dialog')).toContainText('ChatGPT access token');
  await page.screenshot({ path: screenshotPath('chatgpt-token-desktop-light-en.png') });
  await saveToken(page, 'chatgpt-token-ada');

  await sendAndRead(page, 'First question');
  await sendAndRead(page, 'Second question');
  const second = s.fake.requests.at(-1)!.body as { conversation_id: string; parent_message_id: string };
  expect(second.conversation_id).toBeDefined();
  const header = page.getByTestId('endpoint-name');
  await expect(header).toBeDisabled();
  // Pointed at, it says why.
  await header.hover();
  await expect(page.getByTestId('tooltip').first()).toHaveText('ChatGPT conversations cannot be saved as presets');

  await s.restart();
  await page.reload();
  await expect(page.locator('[data-testid="message"][data-role="assistant"]')).toHaveCount(2, { timeout: 20_000 });
  await sendAndRead(page, 'Third question');
  const third = s.fake.requests.at(-1)!.body as { conversation_id: string; parent_message_id: string };
  expect(third.conversation_id).toBe(second.conversation_id);
  expect(s.fake.thread(third.conversation_id, third.parent_message_id).map((m) => m.text)).toEqual([
    'First question',
    'Echo: First question',
    'Second question',
    'Echo: Second question',
  ]);

  for (const theme of ['light', 'dark'] as const) {
    for (const lang of ['en', 'zh'] as const) {
      await chooseLook(page, theme, lang);
      await page.reload();
      await expect(page.locator('[data-testid="message"][data-role="assistant"]')).toHaveCount(3, { timeout: 20_000 });
      await page.screenshot({ path: screenshotPath(`chatgpt-conversation-desktop-${theme}-${lang}.png`) });
    }
  }
  await chooseLook(page, 'light', 'en');
  await page.reload();
  // The message box waits for the conversation to open: a message typed sooner is not sent.
  await expect(page.locator('[data-testid="message"][data-role="assistant"]')).toHaveCount(3, { timeout: 20_000 });
  await expectNoSeriousAxe(page, 'a ChatGPT conversation of three turns');

  s.fake.enqueue({ chunks: ['Part ', 'of ', 'an '], delayMs: 30, hold: true, mentioning: 'Keep talking' });
  await page.getByTestId('chat-input').fill('Keep talking');
  await page.getByTestId('chat-input').press('Enter');
  const reply = page.locator('[data-testid="message"][data-role="assistant"]').last();
  await expect(reply).toContainText('Part of an', { timeout: 20_000 });
  const held = s.fake.requests.length - 1;
  await page.getByTestId('stop-button').click();
  await s.fake.waitForDisconnect(held, 10_000);
  await expect(page.getByTestId('send-button')).toBeVisible();
  await expect(reply).toContainText('Part of an');
});

test('an expired token is named, with Set key to paste a new one, and the next message goes through', async ({ page }) => {
  test.setTimeout(240_000);
  const s = stack!;
  await openChatGPT(page, s.url);
  await page.getByTestId('set-key-button').click();
  await saveToken(page, 'chatgpt-token-expiring');
  await sendAndRead(page, 'Before it expires');

  const renewed = s.fake.renew('chatgpt-token-expiring');
  await page.getByTestId('chat-input').fill('After it expired');
  await page.getByTestId('chat-input').press('Enter');
  const error = page.getByTestId('message-error').last();
  await expect(error).toContainText('access token has expired', { timeout: 20_000 });
  for (const theme of ['light', 'dark'] as const) {
    for (const lang of ['en', 'zh'] as const) {
      await chooseLook(page, theme, lang);
      await page.reload();
      await expect(page.getByTestId('message-error').last()).toBeVisible({ timeout: 20_000 });
      await page.screenshot({ path: screenshotPath(`chatgpt-expired-desktop-${theme}-${lang}.png`) });
    }
  }
  await chooseLook(page, 'light', 'en');
  await page.reload();
  await page.getByTestId('error-set-key').last().click();
  await saveToken(page, renewed);
  // The failed reply blocks the input until it is regenerated: regenerate asks again with the new token.
  await page.getByTestId('regenerate-message').last().click();
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText('Echo: After it expired', { timeout: 20_000 });
});

test('when the server stops offering ChatGPT, its conversation says so instead of going elsewhere, and its preset is not applied', async ({ page }) => {
  test.setTimeout(420_000);
  const s = stack!;
  await openChatGPT(page, s.url);
  await page.getByTestId('set-key-button').click();
  await saveToken(page, 'chatgpt-token-ada');
  await sendAndRead(page, 'Remember this chat');
  const { token } = (await (await page.request.post(`${s.url}/api/auth/refresh`)).json()) as { token: string };
  const saved = await page.request.post(`${s.url}/api/presets`, {
    headers: { authorization: `Bearer ${token}` },
    data: { presetId: null, title: 'ChatGPT helper', endpoint: 'chatGPTBrowser', model: 'auto' },
  });
  expect(saved.status()).toBe(200);

  await s.restart({ withoutChatGPT: true });
  try {
    await page.reload();
    await expect(page.getByTestId('endpoint-unavailable')).toContainText('ChatGPT', { timeout: 20_000 });
    await expect(page.getByTestId('send-button')).toBeDisabled();
    // Nothing offered would call the endpoint that is gone.
    await expect(page.getByTestId('regenerate-button')).toHaveCount(0);
    await expect(page.getByTestId('regenerate-message')).toHaveCount(0);
    await page.screenshot({ path: screenshotPath('chatgpt-unavailable-desktop-light-en.png') });

    await page.goto(`${s.url}/chat/new`);
    await page.getByTestId('new-convo-menu').click();
    await page.locator('[data-testid="preset-item"][data-preset-title="ChatGPT helper"]').click();
    await expect(page.getByTestId('toast')).toContainText('ChatGPT helper');
    await expect(page.getByTestId('toast')).toContainText('does not offer');
  } finally {
    await s.restart();
  }
});
