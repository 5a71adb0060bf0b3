import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { accessToken, seedConversation } from './support/seed-chat.ts';

// Each journey signs up, opens Settings and reloads at least once: on a busy machine that takes longer than the default 30 s.
test.describe.configure({ timeout: 60_000 });

async function openSettings(page: Page, tab: 'general' | 'data') {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  await page.getByTestId(`settings-tab-${tab}`).click();
}

test('the Data tab clears every conversation after confirmation and closes the open one', async ({ page, signUp }) => {
  await signUp('settings-clear');
  const token = await accessToken(page.request);
  const [open] = await seedConversation(page.request, token, ['First conversation to clear']);
  await seedConversation(page.request, token, ['Second conversation to clear']);
  await page.goto(`/chat/${open!.conversationId}`);
  await expect(page.getByTestId('convo-item')).toHaveCount(2);

  await openSettings(page, 'data');
  await expect(page.getByTestId('settings-tab-data')).toHaveText('Data controls');
  await page.getByTestId('clear-all-conversations').click();
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('convo-item')).toHaveCount(2);

  await page.getByTestId('clear-all-conversations').click();
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('data-action-done')).toHaveText('All conversations were deleted.');
  await expect(page).toHaveURL(/\/chat\/new$/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('convo-empty')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('convo-empty')).toBeVisible();
  const search = await page.request.get('/api/search?q=clear', { headers: { authorization: `Bearer ${await accessToken(page.request)}` } });
  expect(((await search.json()) as { messages: unknown[] }).messages).toHaveLength(0);
});

test('the Data tab revokes every provided key with DELETE /api/keys?all=true', async ({ page, signUp }) => {
  await signUp('settings-revoke');
  await page.goto('/chat/new');
  await openSettings(page, 'data');
  await page.getByTestId('revoke-all-keys').click();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname === '/api/keys' && new URL(r.url()).searchParams.get('all') === 'true'),
    page.getByTestId('confirm-action').click(),
  ]);
  expect(response.status()).toBe(200);
  await expect(page.getByTestId('data-action-done')).toHaveText('All provided keys were revoked.');
});

test('the General tab switches auto-scroll and enter-to-newline, stored for the chat', async ({ page, signUp }) => {
  await signUp('settings-switches');
  await page.goto('/chat/new');
  await openSettings(page, 'general');
  const autoScroll = page.getByTestId('settings-auto-scroll');
  const enterNewline = page.getByTestId('settings-enter-newline');
  await expect(autoScroll).toHaveAttribute('aria-checked', 'false');
  await expect(enterNewline).toHaveAttribute('aria-checked', 'false');

  await autoScroll.click();
  await enterNewline.click();
  await expect(autoScroll).toHaveAttribute('aria-checked', 'true');
  expect(await page.evaluate(() => [localStorage.getItem('autoScroll'), localStorage.getItem('enterToNewline')])).toEqual(['true', 'true']);

  await page.reload();
  await openSettings(page, 'general');
  await expect(page.getByTestId('settings-enter-newline')).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  // Closing hands the focus back to the account menu's button a moment later; typing starts after that.
  await expect(page.getByTestId('settings-dialog')).toBeHidden();
  await expect(page.getByTestId('user-menu')).toBeFocused();

  // With enter-to-newline on, Enter breaks the line instead of sending.
  const input = page.getByTestId('chat-input');
  await input.fill('first line');
  await input.press('Enter');
  await input.pressSequentially('second line');
  await expect(input).toHaveValue('first line\nsecond line');
  await expect(page).toHaveURL(/\/chat\/new$/);
  await expect(page.getByTestId('message')).toHaveCount(0);
});
