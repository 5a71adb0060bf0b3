import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { pickerScreenshot } from './support/model-picker-shots.ts';

async function send(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText(text, { timeout: 15_000 });
  await expect(page.getByTestId('send-button')).toBeVisible();
}

test('the model picker searches, groups by provider with labels, costs and the answering model, and switches a conversation to another endpoint', async ({ page, signUp }) => {
  await signUp('model-picker');
  await page.goto('/chat/new');
  const picker = page.getByTestId('model-picker');
  await page.getByTestId('new-convo-menu').click();
  await page.locator('[data-testid="new-convo-endpoint"][data-endpoint="openAI"]').click();
  await expect(picker).toContainText('gpt-3.5-turbo');
  await expect(picker).toContainText('GPT-6 Luna');

  await test.step('grouped by provider, each alias with its label, cost and the model that answers', async () => {
    await picker.click();
    await expect(page.getByTestId('model-search')).toBeFocused();
    const groups = page.getByTestId('model-group');
    await expect(groups.first()).toBeVisible();
    expect(await groups.evaluateAll((items) => items.map((i) => i.getAttribute('data-endpoint')))).toEqual(
      expect.arrayContaining(['openAI', 'anthropic', 'deepSeek', 'grok']),
    );
    const gpt4o = page.locator('[data-testid="model-option"][data-endpoint="openAI"][data-model="gpt-4o"]');
    await expect(gpt4o).toContainText('all-round');
    // The spec ids sit under the model that answers them.
    const terra = page.locator('[data-testid="model-group"][data-endpoint="openAI"] [data-testid="model-family"][data-answering="GPT-6.1 Terra"]');
    await expect(terra).toContainText('Answered by GPT-6.1 Terra');
    await expect(terra.locator('[data-testid="model-option"][data-model="gpt-4o"]')).toBeVisible();
    await expect(terra.locator('[data-testid="model-option"][data-model="gpt-o3-mini"]')).toBeVisible();
    // An account does not pay per call: no model shows a cost.
    await expect(page.getByTestId('model-cost')).toHaveCount(0);
    // Each model once: Plugins, which offers OpenAI's very models, is one row that switches to it.
    const listed = await page.getByTestId('model-option').evaluateAll((items) => items.map((i) => `${i.getAttribute('data-endpoint')}:${i.getAttribute('data-model')}`));
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.filter((id) => id.startsWith('gptPlugins:'))).toEqual([]);
    await expect(page.locator('[data-testid="endpoint-switch"][data-endpoint="gptPlugins"]')).toHaveText('The same models as OpenAI');
  });

  await test.step('the search box narrows the list to what matches, across providers', async () => {
    await page.getByTestId('model-search').fill('haiku');
    const options = page.getByTestId('model-option');
    expect(await options.evaluateAll((items) => items.map((i) => i.getAttribute('data-model')))).toEqual([
      'claude-1', 'claude-1-100k', 'claude-instant-1', 'claude-instant-1-100k',
      // Anthropic's own list (the live list, from the fake) adds the Haiku models it serves.
      'claude-haiku-5-5', 'claude-haiku-4-5',
    ]);
    await page.getByTestId('model-search').fill('no such model');
    await expect(page.getByTestId('model-search-empty')).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await send(page, 'first on OpenAI');
  await test.step('in the saved conversation a pick of another endpoint answers the next message', async () => {
    await picker.click();
    await page.getByTestId('model-search').fill('claude-2');
    await page.locator('[data-testid="model-option"][data-endpoint="anthropic"][data-model="claude-2"]').click();
    await expect(picker).toContainText('claude-2');
    await expect(picker).toContainText('Claude Sonnet 5.5');
    const asked = page.waitForRequest((request) => request.url().includes('/api/ask/') && request.method() === 'POST');
    await send(page, 'then on Anthropic');
    const request = await asked;
    expect(request.url()).toContain('/api/ask/anthropic');
    expect(request.postDataJSON()).toMatchObject({ endpoint: 'anthropic', model: 'claude-2' });
    await expect(page.locator('[data-testid="message"][data-role="user"]')).toHaveCount(2);
  });

  await pickerScreenshot(page, 'desktop-light-en');
  await page.evaluate(() => {
    localStorage.setItem('color-theme', 'dark');
    localStorage.setItem('lang', 'zh-CN');
  });
  await page.reload();
  await expect(picker).toContainText('claude-2');
  await pickerScreenshot(page, 'desktop-dark-zh');
});
