import type { Page } from '@playwright/test';
import { stackControl } from './support/control.ts';
import { expect, test } from './support/fixtures.ts';

// These journeys read what the Google fake received. Nothing is queued (the
// fakes echo the last user turn), so other specs' scripted replies are left alone; each message
// carries a probe text to find its own upstream request.
test.describe.configure({ mode: 'serial' });

interface Recorded {
  path: string;
  body?: unknown;
}

const probe = (label: string) => `${label} probe ${Math.random().toString(36).slice(2, 10)}`;

async function upstreamBody(fake: string, text: string): Promise<Record<string, unknown>> {
  await expect.poll(async () => (await stackControl.requests<Recorded>(fake)).some((r) => JSON.stringify(r.body ?? '').includes(text))).toBe(true);
  const found = (await stackControl.requests<Recorded>(fake)).find((r) => JSON.stringify(r.body ?? '').includes(text));
  return found!.body as Record<string, unknown>;
}

async function startOn(page: Page, endpoint: string) {
  await page.getByTestId('new-convo-menu').click();
  await page.locator(`[data-testid="new-convo-endpoint"][data-endpoint="${endpoint}"]`).click();
  await expect(page.getByTestId('new-convo-menu-content')).toBeHidden();
}

async function send(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await page.getByTestId('chat-input').press('Enter');
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText(text, { timeout: 15_000 });
  await expect(page.getByTestId('send-button')).toBeVisible();
}

async function openSettings(page: Page) {
  await page.getByTestId('options-settings-toggle').click();
  await expect(page.getByTestId('settings-popover')).toBeVisible();
}

test('the model picker lists each endpoint’s models with their label, and remembers the last choice first', async ({ page, signUp }) => {
  await signUp('picker');
  await page.goto('/chat/new');
  await page.getByTestId('model-picker').click();
  const imageModel = page.locator('[data-testid="model-option"][data-model="grok-3-imageGen"]');
  await expect(imageModel).toContainText('grok-3-image');
  await expect(imageModel).toContainText('image generation and editing');
  await expect(page.locator('[data-testid="model-option"][data-model="deepseek-r1"]')).toContainText('reasoning');
  // An account pays no quota per call: no cost is shown (keys mode shows them, model-picker-keys.spec.ts).
  await expect(page.getByTestId('model-cost')).toHaveCount(0);
  // Groups follow the endpoint order of SPEC point 4: OpenAI before Anthropic before DeepSeek before Grok.
  const order = await page.getByTestId('model-option').evaluateAll((items) => items.map((i) => i.getAttribute('data-model')));
  expect(order.indexOf('gpt-4o')).toBeLessThan(order.indexOf('claude-2'));
  expect(order.indexOf('claude-2')).toBeLessThan(order.indexOf('deepseek-r1'));
  expect(order.indexOf('deepseek-r1')).toBeLessThan(order.indexOf('grok-3'));

  await page.locator('[data-testid="model-option"][data-model="grok-3-reasoning"]').click();
  await expect(page.getByTestId('model-picker')).toHaveText(/grok-3-reasoning/);
  const stored = await page.evaluate(() => [localStorage.getItem('lastConversationSetup'), localStorage.getItem('lastSelectedModel')]);
  expect(JSON.parse(stored[0]!)).toMatchObject({ endpoint: 'grok', model: 'grok-3-reasoning' });
  expect(JSON.parse(stored[1]!)).toMatchObject({ grok: 'grok-3-reasoning' });

  await page.reload();
  await expect(page.getByTestId('model-picker')).toHaveText(/grok-3-reasoning/);
  await page.getByTestId('model-picker').click();
  const grokModels = await page.locator('[data-testid="model-option"][data-model^="grok"]').evaluateAll((items) => items.map((i) => i.getAttribute('data-model')));
  expect(grokModels[0]).toBe('grok-3-reasoning');
  await page.keyboard.press('Escape');

  await test.step('Grok offers the prompt prefix only; the plugin agent has its own options', async () => {
    await openSettings(page);
    await expect(page.getByTestId('param-promptPrefix')).toBeVisible();
    await expect(page.getByTestId('param-temperature')).toHaveCount(0);
    await page.getByTestId('settings-close').click();
    await expect(page.getByTestId('settings-popover')).toBeHidden();

    await startOn(page, 'gptPlugins');
    await openSettings(page);
    await expect(page.getByTestId('param-agentOptions.agent')).toHaveValue('functions');
    await expect(page.getByTestId('param-agentOptions.skipCompletion')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('param-agentOptions.temperature')).toHaveValue('0.00');
    await expect(page.getByTestId('param-temperature')).toHaveValue('0.80');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('settings-popover')).toBeHidden();
  });
});

async function pickModel(page: Page, endpoint: string, model: string) {
  await page.getByTestId('model-picker').click();
  await page.getByTestId('model-search').fill(model);
  await page.locator(`[data-testid="model-option"][data-endpoint="${endpoint}"][data-model="${model}"]`).click();
  await expect(page.getByTestId('model-picker')).toContainText(model);
}

test('Claude 5 offers no Temperature, Top P or Top K and says why; its request carries none', async ({ page, signUp }) => {
  await signUp('claude-sampling');
  await page.goto('/chat/new');
  await startOn(page, 'anthropic');
  await pickModel(page, 'anthropic', 'claude-2');
  await openSettings(page);
  for (const key of ['temperature', 'topP', 'topK']) await expect(page.getByTestId(`param-${key}`)).toHaveCount(0);
  await expect(page.getByTestId('params-not-offered')).toHaveText('Claude Sonnet 5.5 does not take Temperature, Top P, Top K: they would not be sent, so they are not shown.');
  await expect(page.getByTestId('param-maxOutputTokens')).toBeVisible();
  await page.getByTestId('settings-close').click();
  const text = probe('claude');
  await send(page, text);
  const upstream = await upstreamBody('anthropic', text);
  for (const key of ['temperature', 'top_p', 'top_k']) expect(upstream).not.toHaveProperty(key);
});

test('OpenAI shows only what the model answering takes; presence and frequency penalty each explain themselves', async ({ page, signUp }) => {
  await signUp('openai-sampling');
  await page.goto('/chat/new');
  await startOn(page, 'openAI');
  // gpt-4 answers as GPT-6.1 Sol, which always reasons: no sampling at all.
  await pickModel(page, 'openAI', 'gpt-4');
  await openSettings(page);
  await expect(page.getByTestId('param-temperature')).toHaveCount(0);
  await expect(page.getByTestId('params-not-offered')).toContainText('GPT-6.1 Sol');
  await page.getByTestId('settings-close').click();
  // GPT-4.1 (from OpenAI's live list) takes every setting, penalties included.
  await pickModel(page, 'openAI', 'gpt-4.1');
  await openSettings(page);
  await expect(page.getByTestId('params-not-offered')).toHaveCount(0);
  await expect(page.locator('#chat-param-presence_penalty-hint')).toHaveText(/new topics/);
  await expect(page.locator('#chat-param-frequency_penalty-hint')).toHaveText(/how often/);
});

test('DeepSeek’s temperature stays within 0–1.5 in 0.1 steps and goes out with each message of the conversation', async ({ page, signUp }) => {
  await signUp('temperature');
  await page.goto('/chat/new');
  await startOn(page, 'deepSeek');
  await expect(page.getByTestId('model-picker')).toHaveText(/deepseek-r1/);
  // deepseek-r1 thinks, and takes no sampling while it does: a DeepSeek model that does not think has the slider.
  await openSettings(page);
  await expect(page.getByTestId('param-temperature')).toHaveCount(0);
  await expect(page.getByTestId('params-not-offered')).toContainText('reasons before it answers');
  await page.getByTestId('settings-close').click();
  await pickModel(page, 'deepSeek', 'deepseek-v4-pro');
  await openSettings(page);
  const temperature = page.getByTestId('param-temperature');
  await expect(temperature).toHaveValue('1.0');
  await expect(temperature).toHaveAttribute('max', '1.5');
  await expect(temperature).toHaveAttribute('step', '0.1');
  await temperature.fill('9');
  await temperature.press('Enter');
  await expect(temperature).toHaveValue('1.5');
  await temperature.fill('1.34');
  await temperature.press('Enter');
  await expect(temperature).toHaveValue('1.3');
  await page.getByTestId('param-temperature-slider').getByRole('slider').press('ArrowLeft');
  await expect(temperature).toHaveValue('1.2');
  await page.getByTestId('settings-close').click();

  const asked = page.waitForRequest((r) => r.url().endsWith('/api/ask/deepSeek'));
  const first = probe('deepseek');
  await send(page, first);
  expect((await asked).postDataJSON()).toMatchObject({ endpoint: 'deepSeek', model: 'deepseek-v4-pro', temperature: 1.2 });
  expect(await upstreamBody('deepseek', first)).toMatchObject({ temperature: 1.2 });

  await test.step('a saved conversation keeps its settings and sends a changed value with the next message', async () => {
    await openSettings(page);
    await expect(temperature).toHaveValue('1.2');
    await temperature.fill('0.5');
    await temperature.press('Enter');
    await page.getByTestId('settings-close').click();
    const next = page.waitForRequest((r) => r.url().endsWith('/api/ask/deepSeek'));
    await send(page, probe('deepseek'));
    expect((await next).postDataJSON()).toMatchObject({ temperature: 0.5 });
  });
});

test('Google: the chosen temperature and complete example pairs reach the provider; removing the last pair blanks it; codechat shows temperature only', async ({ page, signUp }) => {
  await signUp('examples');
  await page.goto('/chat/new');
  await startOn(page, 'google');
  await expect(page.getByTestId('model-picker')).toHaveText(/chat-bison/);
  await openSettings(page);
  await expect(page.getByTestId('param-topK')).toHaveValue('40');
  await expect(page.getByTestId('param-maxOutputTokens')).toHaveAttribute('max', '1024');
  await expect(page.getByTestId('param-temperature')).toHaveValue('0.20');
  await page.getByTestId('param-temperature').fill('0.35');
  await page.getByTestId('param-example-input-0').fill('Say hi');
  await page.getByTestId('param-example-output-0').fill('Hello there!');
  await page.getByTestId('example-add').click();
  await page.getByTestId('param-example-input-1').fill('An input without an answer');
  await page.getByTestId('example-add').click();
  await expect(page.getByTestId('param-example-input-2')).toHaveValue('');
  await page.getByTestId('example-remove').click();
  await expect(page.getByTestId('param-example-input-2')).toHaveCount(0);
  await expect(page.getByTestId('param-example-input-1')).toHaveValue('An input without an answer');
  await page.getByTestId('settings-close').click();

  const text = probe('palm');
  await send(page, text);
  const upstream = await upstreamBody('google', text);
  // chat-bison answers through Gemini (Vertex streamGenerateContent with the stack's service account).
  expect(upstream).toMatchObject({ generationConfig: { temperature: 0.35 } });
  expect(JSON.stringify(upstream)).toContain('Hello there!');
  expect(JSON.stringify(upstream)).not.toContain('An input without an answer');

  await test.step('removing the only pair left resets it to blank', async () => {
    await openSettings(page);
    await expect(page.getByTestId('param-example-output-0')).toHaveValue('Hello there!');
    await expect(page.getByTestId('param-example-input-1')).toHaveCount(0);
    await page.getByTestId('example-remove').click();
    await expect(page.getByTestId('param-example-input-0')).toHaveValue('');
    await expect(page.getByTestId('param-example-output-0')).toHaveValue('');
    await page.getByTestId('settings-close').click();
  });

  await test.step('a codechat- model shows only the temperature slider', async () => {
    await page.getByTestId('model-picker').click();
    await page.locator('[data-testid="model-option"][data-model="codechat-bison"]').click();
    await openSettings(page);
    await expect(page.getByTestId('param-temperature')).toBeVisible();
    await expect(page.getByTestId('param-topP')).toHaveCount(0);
    await expect(page.getByTestId('param-examples')).toHaveCount(0);
  });
});
