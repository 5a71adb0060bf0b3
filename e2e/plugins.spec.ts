import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { upstreamModel } from '@parley/core';
import { everythingMcpServerPath, freePort, startStack, type Stack } from '@parley/testkit';
import type { Page } from '@playwright/test';
import { expect, newAccountDetails, test } from './support/fixtures.ts';
import { chooseTools, openStoreFromMenu } from './support/plugin-menu.ts';
import { screenshotPath } from './support/screenshot-path.ts';
import { animationsSettled } from './support/animations-settled.ts';

// The agent's replies are scripted on the OpenAI fake, so this journey runs its own stack; its
// tests share it in one worker, in order.
test.describe.configure({ mode: 'default' });
let stack: Stack | undefined;
const url = () => stack!.url;
const openai = () => stack!.peers.fakes.get('openai')!;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The official MCP reference server is in the store beside the built-ins.
  const mcpFile = path.join(mkdtempSync(path.join(tmpdir(), 'parley-e2e-mcp-')), 'mcp.json');
  writeFileSync(mcpFile, JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everythingMcpServerPath, 'stdio'], description: 'The MCP reference server: echo, sums, images, resources.' } } }));
  stack = await startStack({ port: await freePort(), env: { MCP_SERVERS_FILE: mcpFile } });
});
test.afterAll(async () => {
  await stack?.stop();
});

async function openPluginsChat(page: Page, prefs: { lang?: string; theme?: string } = {}) {
  await page.addInitScript(({ lang, theme }) => {
    if (lang) localStorage.setItem('lang', lang);
    if (theme) localStorage.setItem('color-theme', theme);
  }, prefs);
  const account = newAccountDetails('plugins');
  const registered = await page.request.post(`${url()}/api/auth/register`, { data: { ...account, confirm_password: account.password } });
  expect(registered.status()).toBe(200);
  await page.goto(`${url()}/chat/new`);
  await page.getByTestId('new-convo-menu').click();
  await page.locator('[data-testid="new-convo-endpoint"][data-endpoint="gptPlugins"]').click();
  await expect(page.getByTestId('plugin-selector')).toBeVisible();
}

test('install the calculator, ask "what is 2+3*4", see the step and the answer', async ({ page }) => {
  await openPluginsChat(page);
  const store = await openStoreFromMenu(page);
  await store.getByTestId('plugin-calculator').getByRole('button', { name: 'Install Calculator' }).click();
  await expect(store.getByTestId('plugin-calculator').getByRole('button', { name: 'Uninstall Calculator' })).toBeVisible();
  await page.keyboard.press('Escape');
  await chooseTools(page, 'calculator');

  openai().enqueue({ toolCalls: [{ name: 'calculator', arguments: '{"input":"2+3*4"}' }] }, { chunks: ['2+3*4 ', 'equals **14**.'] });
  await page.getByTestId('chat-input').fill('what is 2+3*4');
  await page.getByTestId('chat-input').press('Enter');
  const reply = page.locator('[data-testid="message"][data-role="assistant"]').last();
  await expect(reply).toContainText('2+3*4 equals 14.', { timeout: 15_000 });
  const step = reply.getByTestId('plugin-step');
  await expect(step).toContainText('Used Calculator');
  await step.locator('summary').click();
  await expect(step).toContainText('2+3*4');
  await expect(step.locator('pre').last()).toHaveText('14');

  // The steps are stored on the reply: a reload shows them again.
  await page.reload();
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last().getByTestId('plugin-step')).toContainText('Used Calculator');
});

test('install the MCP reference server from the store and get an answer from its get-sum tool', async ({ page }) => {
  await openPluginsChat(page);
  const store = await openStoreFromMenu(page);
  await store.getByRole('searchbox', { name: 'Search plugins' }).fill('everything');
  const card = store.getByTestId('plugin-mcp:everything');
  await expect(card).toContainText('get-sum');
  await card.getByRole('button', { name: /^Install/ }).click();
  await expect(card.getByRole('button', { name: /^Uninstall/ })).toBeVisible();
  await page.screenshot({ path: screenshotPath('plugins-store-mcp.png') });
  await page.keyboard.press('Escape');
  await chooseTools(page, 'mcp:everything');

  // The agent model (agentOptions.model gpt-3.5-turbo) calls the server's tool, then answers from its result.
  const model = upstreamModel('gptPlugins', 'gpt-3.5-turbo').id;
  openai().enqueue({ model, toolCalls: [{ name: 'get-sum_mcp_everything', arguments: '{"a":2,"b":3}' }] }, { model, chunks: ['2 + 3 = **5**, by the MCP server.'] });
  await page.getByTestId('chat-input').fill('what is 2 plus 3?');
  await page.getByTestId('chat-input').press('Enter');
  const reply = page.locator('[data-testid="message"][data-role="assistant"]').last();
  await expect(reply).toContainText('2 + 3 = 5, by the MCP server.', { timeout: 20_000 });
  const step = reply.getByTestId('plugin-step');
  await expect(step).toContainText('Used Everything: get sum');
  await step.locator('summary').click();
  await expect(step.locator('pre').last()).toHaveText('The sum of 2 and 3 is 5.');
  await page.screenshot({ path: screenshotPath('plugins-reply-mcp.png') });
});

test('two tools at once: the agent runs a slow MCP tool, shown live as running, then the calculator', async ({ page }) => {
  await openPluginsChat(page);
  for (const pluginKey of ['calculator', 'mcp:everything']) {
    const installed = await page.request.post(`${url()}/api/user/plugins`, { data: { pluginKey, action: 'install', auth: null }, headers: await authHeaders(page) });
    expect(installed.status()).toBe(200);
  }
  await page.reload();
  await chooseTools(page, 'calculator', 'mcp:everything');
  await expect(page.getByTestId('plugin-selector')).toContainText('Calculator +1');

  const model = upstreamModel('gptPlugins', 'gpt-3.5-turbo').id;
  openai().enqueue(
    { model, toolCalls: [{ name: 'trigger-long-running-operation_mcp_everything', arguments: '{"duration":4,"steps":4}' }] },
    { model, toolCalls: [{ name: 'calculator', arguments: '{"input":"6*7"}' }] },
    { model, chunks: ['Done waiting; 6 × 7 = **42**.'] },
  );
  const before = openai().requests().length;
  await page.getByTestId('chat-input').fill('wait a little, then multiply 6 by 7');
  await page.getByTestId('chat-input').press('Enter');
  const reply = page.locator('[data-testid="message"][data-role="assistant"]').last();
  // While the MCP server works, its step says so.
  await expect(reply.getByTestId('plugin-step').first()).toContainText('Running Everything: trigger long running operation…', { timeout: 15_000 });
  await expect(reply).toContainText('Done waiting; 6 × 7 = 42.', { timeout: 20_000 });
  const steps = reply.getByTestId('plugin-step');
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0)).toContainText('Used Everything: trigger long running operation');
  await expect(steps.nth(1)).toContainText('Used Calculator');
  // Both tools were offered to the agent model in one request.
  const offered = (openai().requests()[before]!.body as { tools?: { function?: { name?: string } }[] }).tools?.map((tool) => tool.function?.name);
  expect(offered).toEqual(expect.arrayContaining(['calculator', 'trigger-long-running-operation_mcp_everything']));
});

test('a plugin that needs credentials installs through the auth form, then uninstalls', async ({ page }) => {
  await openPluginsChat(page);
  const store = await openStoreFromMenu(page);
  await store.getByPlaceholder('Search plugins').fill('serp');
  const card = store.getByTestId('plugin-serpapi');
  await card.getByRole('button', { name: 'Install SerpAPI' }).click();
  const form = store.getByTestId('plugin-auth-form');
  const save = form.getByTestId('plugin-auth-save');
  await expect(save).toBeDisabled();
  await form.getByLabel('SerpAPI API Key').fill('short');
  await form.getByLabel('SerpAPI API Key').blur();
  await expect(form).toContainText('SerpAPI API Key must be at least 10 characters long');
  await expect(save).toBeDisabled();
  await form.getByLabel('SerpAPI API Key').fill('serpapi-key-0123456789');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(card.getByRole('button', { name: 'Uninstall SerpAPI' })).toBeVisible();
  await expect(form).toHaveCount(0);
  await page.keyboard.press('Escape');

  await chooseTools(page, 'serpapi');
  expect(await page.evaluate(() => localStorage.getItem('lastSelectedTools'))).toBe('["serpapi"]');
  const again = await openStoreFromMenu(page);
  await again.getByPlaceholder('Search plugins').fill('serp');
  await again.getByTestId('plugin-serpapi').getByRole('button', { name: 'Uninstall SerpAPI' }).click();
  await expect(again.getByTestId('plugin-serpapi').getByRole('button', { name: 'Install SerpAPI' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lastSelectedTools'))).toBe('[]');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('plugin-selector')).toHaveAttribute('data-tools', '');
  await page.getByTestId('plugin-selector').click();
  await expect(page.getByTestId('plugin-menu').locator('[data-plugin-key="serpapi"]')).toHaveCount(0);
  await page.keyboard.press('Escape');
});

test('the sidebar opens the plugin store 插件商店 on every screen', async ({ page }) => {
  await openPluginsChat(page, { lang: 'zh-CN' });
  const item = page.getByTestId('nav-plugin-store');
  await expect(item).toHaveText('插件商店');
  await item.click();
  const store = page.getByTestId('plugin-store');
  await expect(store).toBeVisible();
  await expect(store.getByTestId('plugin-calculator')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(store).toHaveCount(0);
  // Not only beside the options bar: the search screen has the sidebar too.
  await page.goto(`${url()}/search/otters`);
  await page.getByTestId('nav-plugin-store').click();
  await expect(page.getByTestId('plugin-store')).toBeVisible();
});

test('a reload mid-run shows the agent steps so far at once', async ({ page }) => {
  await openPluginsChat(page);
  await page.request.post(`${url()}/api/user/plugins`, { data: { pluginKey: 'calculator', action: 'install', auth: null }, headers: await authHeaders(page) });
  await page.reload();
  await chooseTools(page, 'calculator');
  // The agent model (agentOptions.model gpt-3.5-turbo) asks for the calculator, then thinks for as long as the page lives.
  const model = upstreamModel('gptPlugins', 'gpt-3.5-turbo').id;
  openai().enqueue({ model, toolCalls: [{ name: 'calculator', arguments: '{"input":"6*7"}' }] }, { model, chunks: [], hold: true });
  await page.getByTestId('chat-input').fill('six times seven, slowly');
  await page.getByTestId('chat-input').press('Enter');
  const reply = () => page.locator('[data-testid="message"][data-role="assistant"]').last();
  await expect(reply().getByTestId('plugin-step')).toContainText('Used Calculator', { timeout: 15_000 });
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);

  await page.reload();
  // No delta comes after the reload while the model holds: the steps can only come from what had arrived.
  await expect(page.getByTestId('stop-button')).toBeVisible();
  const step = reply().getByTestId('plugin-step');
  await expect(step).toContainText('Used Calculator');
  await step.locator('summary').click();
  await expect(step.locator('pre').last()).toHaveText('42');
  await page.getByTestId('stop-button').click();
  await expect(page.getByTestId('send-button')).toBeVisible();
  await expect(reply().getByTestId('plugin-step')).toContainText('Used Calculator');
});

for (const [viewport, width, height] of [['desktop', 1280, 800], ['mobile', 390, 844]] as const) {
  for (const [theme, lang, short] of [['light', 'en-US', 'en'], ['dark', 'zh-CN', 'zh']] as const) {
    test(`screenshots of the store and a plugin reply: ${viewport} ${theme} ${short}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await openPluginsChat(page, { lang, theme });
      await page.request.post(`${url()}/api/user/plugins`, { data: { pluginKey: 'calculator', action: 'install', auth: null }, headers: await authHeaders(page) });
      await page.reload();
      await chooseTools(page, 'calculator');
      openai().enqueue({ toolCalls: [{ name: 'calculator', arguments: '{"input":"2+3*4"}' }] }, { chunks: ['2 + 3 × 4 = **14** (multiplication first).'] }, { chunks: ['Order of operations'] });
      await page.getByTestId('chat-input').fill('what is 2+3*4');
      await page.getByTestId('chat-input').press('Enter');
      const step = page.locator('[data-testid="message"][data-role="assistant"]').last().getByTestId('plugin-step');
      await expect(step).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('send-button')).toBeVisible();
      await step.locator('summary').click();
      await page.screenshot({ path: screenshotPath(`plugins-reply-${viewport}-${theme}-${short}.png`) });
      const store = await openStoreFromMenu(page);
      await animationsSettled(store);
      await page.screenshot({ path: screenshotPath(`plugins-store-${viewport}-${theme}-${short}.png`) });
    });
  }
}

/** The page's own access token, for an API call made beside the browser. */
async function authHeaders(page: Page): Promise<Record<string, string>> {
  const refreshed = await page.request.post(`${url()}/api/auth/refresh`);
  const { token } = (await refreshed.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}
