import type { Page } from '@playwright/test';
import { upstreamModel } from '@parley/core';
import { stackControl } from './support/control.ts';
import { expect, test } from './support/fixtures.ts';
import { animationsSettled } from './support/animations-settled.ts';

// The smaller points of issue 16. Replies are the fakes' echo ("Echo: …"), except one failure
// scripted for the Google call that mentions its question, so no other spec can take it.
const replies = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');
const userMessages = (page: Page) => page.locator('[data-testid="message"][data-role="user"]');
const settled = (page: Page) => expect(page.getByTestId('send-button')).toBeVisible({ timeout: 15_000 });

async function send(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await page.getByTestId('chat-input').press('Enter');
}

test('Enter in the message editor saves and submits; Shift+Enter and the enter-to-newline setting add a line', async ({ page, signUp }) => {
  await signUp('details-editor');
  await page.goto('/chat/new');
  await send(page, 'First question');
  await expect(replies(page).last()).toContainText('Echo: First question');
  await settled(page);

  await userMessages(page).first().hover();
  await userMessages(page).first().getByTestId('edit-message').click();
  const editor = page.getByTestId('edit-textarea');
  await editor.fill('Second');
  await editor.press('Shift+Enter');
  await editor.pressSequentially('question');
  await expect(editor).toHaveValue('Second\nquestion');
  await editor.press('Enter');
  await expect(editor).toBeHidden();
  await expect(replies(page).last()).toContainText('Echo: Second question');
  await settled(page);
  await expect(userMessages(page).first().getByTestId('sibling-nav')).toHaveText('2/2');

  await page.evaluate(() => localStorage.setItem('enterToNewline', 'true'));
  await userMessages(page).first().hover();
  await userMessages(page).first().getByTestId('edit-message').click();
  await editor.press('End');
  await editor.press('Enter');
  await expect(editor).toBeVisible();
  await expect(editor).toHaveValue('Second\nquestion\n');
});

test('the settings dialog keeps its height when the tab changes', async ({ page, signUp }) => {
  await signUp('details-settings');
  await page.goto('/chat/new');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog).toBeVisible();
  await animationsSettled(dialog);
  const heightOf = async () => (await dialog.boundingBox())!.height;
  const general = await heightOf();
  await page.getByTestId('settings-tab-data').click();
  await expect(page.getByTestId('settings-tab-data')).toHaveAttribute('data-state', 'active');
  expect(await heightOf()).toBe(general);
  await page.getByTestId('settings-tab-general').click();
  expect(await heightOf()).toBe(general);
});

test('a first message that fails upstream is listed under its words, never as an empty New Chat', async ({ page, signUp }) => {
  await signUp('details-failed');
  await page.goto('/chat/new');
  await page.getByTestId('model-picker').click();
  await page.locator('[data-testid="model-option"][data-endpoint="google"][data-model="chat-bison"]').click();
  await stackControl.enqueue('google', { model: upstreamModel('google', 'chat-bison').id, mentioning: 'weekend in Lisbon', status: 500 });
  await send(page, 'Plan a weekend in Lisbon');
  await expect(page.getByTestId('message-error')).toBeVisible();
  const items = page.getByTestId('convo-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Plan a weekend in Lisbon');
  await page.reload();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Plan a weekend in Lisbon');
  await expect(items.filter({ hasText: 'New Chat' })).toHaveCount(0);
});

test('an invalid preset import names the field and what is wrong with it', async ({ page, signUp }) => {
  await signUp('details-preset');
  await page.goto('/chat/new');
  await page.getByTestId('new-convo-menu').click();
  const input = page.getByTestId('preset-import-input');
  const file = (preset: object) => ({ name: 'hot.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(preset)) });
  await input.setInputFiles(file({ title: 'Hot', endpoint: 'openAI', model: 'gpt-4o', temperature: 3 }));
  await expect(page.getByTestId('preset-import-error')).toHaveText('The file is invalid. temperature: must be at most 2');
  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  await page.reload();
  await page.getByTestId('new-convo-menu').click();
  await input.setInputFiles(file({ title: 'Long', endpoint: 'openAI', model: 'gpt-4o', promptPrefix: 7 }));
  await expect(page.getByTestId('preset-import-error')).toHaveText('文件无效。promptPrefix：类型不正确');
  await expect(page.getByTestId('preset-item')).toHaveCount(0);
});
