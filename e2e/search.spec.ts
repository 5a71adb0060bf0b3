import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { accessToken, renameConversation, seedConversation } from './support/seed-chat.ts';
import { searchHitOnOtherBranch } from './support/search-branch-journey.ts';

const results = (page: Page) => page.getByTestId('search-result');

/** Types into the sidebar box the way a person does, key by key. */
async function typeSearch(page: Page, text: string) {
  const box = page.getByTestId('search-input');
  await box.fill('');
  await box.pressSequentially(text, { delay: 30 });
}

test('search finds English and Chinese messages (one and two characters), highlights them and opens their conversation', async ({ page, signUp }) => {
  test.setTimeout(60_000);
  await signUp('search');
  const token = await accessToken(page.request);
  const [cats] = await seedConversation(page.request, token, ['Tell me about cats and their habits']);
  const [fish] = await seedConversation(page.request, token, ['猫喜欢吃鱼吗？']);
  await renameConversation(page.request, token, cats!.conversationId, 'Cat habits');
  await renameConversation(page.request, token, fish!.conversationId, '猫和鱼');
  await page.goto('/chat/new');

  await test.step('typing opens /search/<query> after a pause, with the message and its echo', async () => {
    await typeSearch(page, 'habits');
    await expect(page).toHaveURL(/\/search\/habits$/);
    await expect(page.getByTestId('search-hint')).toHaveText('Click a message title to open its conversation.');
    await expect(results(page)).toHaveCount(2);
    for (const result of await results(page).all()) {
      await expect(result).toHaveAttribute('data-conversation-id', cats!.conversationId);
      await expect(result.getByTestId('search-result-title')).toHaveText('Cat habits');
      await expect(result.locator('mark')).toHaveText('habits');
    }
    await expect(results(page).getByTestId('search-result-sender')).toHaveText(['ChatGPT', 'You']);
  });

  await test.step('matching ignores case', async () => {
    await typeSearch(page, 'CATS');
    await expect(page).toHaveURL(/\/search\/CATS$/);
    await expect(results(page).first().locator('mark')).toHaveText('cats');
  });

  await test.step('a one-character Chinese query finds the Chinese conversation only', async () => {
    await typeSearch(page, '猫');
    await expect(page).toHaveURL(new RegExp(`/search/${encodeURIComponent('猫')}$`));
    await expect(results(page)).toHaveCount(2);
    await expect(results(page).first()).toHaveAttribute('data-conversation-id', fish!.conversationId);
    await expect(results(page).first().getByTestId('search-result-title')).toHaveText('猫和鱼');
    await expect(results(page).first().locator('mark')).toHaveText('猫');
  });

  await test.step('a two-character Chinese query highlights both characters', async () => {
    await typeSearch(page, '吃鱼');
    await expect(page).toHaveURL(new RegExp(`/search/${encodeURIComponent('吃鱼')}$`));
    await expect(results(page)).toHaveCount(2);
    await expect(results(page).first().locator('mark')).toHaveText('吃鱼');
  });

  await test.step('clicking a result opens its conversation', async () => {
    await results(page).first().click();
    await expect(page).toHaveURL(new RegExp(`/chat/${fish!.conversationId}$`));
    await expect(page.getByTestId('message').first()).toContainText('猫喜欢吃鱼吗？');
  });
});

test('a query without matches shows Nothing found; Backspace in the empty box leaves the search view', async ({ page, signUp }) => {
  await signUp('search-empty');
  const token = await accessToken(page.request);
  await seedConversation(page.request, token, ['Something to keep the list busy']);
  await page.goto('/chat/new');

  await typeSearch(page, 'zebra crossing');
  await expect(page).toHaveURL(/\/search\/zebra%20crossing$/);
  await expect(page.getByTestId('search-empty')).toContainText('Nothing found');
  await expect(results(page)).toHaveCount(0);
  await expect(page.getByTestId('chat-input')).toHaveCount(0);

  // An empty box and no pending keystroke: only the Backspace rule can leave the view here.
  await page.goto('/search');
  await expect(page.getByTestId('search-input')).toHaveValue('');
  await page.getByTestId('search-input').press('Backspace');
  await expect(page).toHaveURL(/\/chat\/new$/);
  await expect(page.getByTestId('convo-item')).toHaveCount(1);

  await page.goto('/search/zebra');
  await expect(page.getByTestId('search-input')).toHaveValue('zebra');
  await page.getByTestId('search-clear').click();
  await expect(page).toHaveURL(/\/chat\/new$/);
  await expect(page.getByTestId('search-input')).toHaveValue('');
});

test('more than one page of results pages back and forth', async ({ page, signUp }) => {
  test.setTimeout(90_000);
  await signUp('search-pages');
  const token = await accessToken(page.request);
  // 13 turns, each matched by the question and its echo: 26 results over pages of 25.
  await seedConversation(page.request, token, Array.from({ length: 13 }, (_, i) => `pager filler number ${i + 1}`));
  await page.goto('/search/filler');

  await expect(results(page)).toHaveCount(25);
  await expect(page.getByTestId('search-page-indicator')).toHaveText('Page 1 of 2');
  await expect(page.getByTestId('search-page-previous')).toBeDisabled();
  await page.getByTestId('search-page-next').click();
  await expect(page.getByTestId('search-page-indicator')).toHaveText('Page 2 of 2');
  await expect(results(page)).toHaveCount(1);
  await expect(results(page).first()).toContainText('pager filler number 1');
  await page.getByTestId('search-page-previous').click();
  await expect(results(page)).toHaveCount(25);
});

test('a search hit on another branch opens that branch, scrolled to the message, marked', async ({ page, signUp }) => {
  test.setTimeout(60_000);
  await signUp('search-branch');
  await searchHitOnOtherBranch(page, (query) => typeSearch(page, query));
});
