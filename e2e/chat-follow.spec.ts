import type { Page } from '@playwright/test';
import { upstreamModel } from '@parley/core';
import { stackControl } from './support/control.ts';
import { expect, test } from './support/fixtures.ts';

// Following a streaming reply (issue 16). These replies are scripted for OpenAI's gpt-4, which no
// other spec scripts; the tests run one after another so each message takes its own reply.
test.describe.configure({ mode: 'serial' });
const fake = 'openai';
const pickedModel = 'gpt-4';
const model = upstreamModel('openAI', pickedModel).id;

const replies = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');
const thread = (page: Page) => page.getByTestId('thread');
const scrollDown = (page: Page) => page.getByTestId('scroll-to-bottom');
const paragraphs = (count: number, label = 'Paragraph') => Array.from({ length: count }, (_, i) => `${label} ${i + 1} of a long answer, with enough words to fill a line of the thread.\n\n`);

async function start(page: Page) {
  await page.goto('/chat/new');
  await page.getByTestId('model-picker').click();
  await page.locator(`[data-testid="model-option"][data-endpoint="openAI"][data-model="${pickedModel}"]`).click();
  await expect(page.getByTestId('model-picker')).toHaveText(new RegExp(pickedModel));
}

async function send(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await page.getByTestId('chat-input').press('Enter');
}

/** How far the end of the thread lies below the view, in px. */
const unseenBelow = (page: Page) => thread(page).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
const streaming = (page: Page) => expect(page.getByTestId('stop-button')).toBeVisible();
const settled = (page: Page) => expect(page.getByTestId('send-button')).toBeVisible({ timeout: 20_000 });

test('a streaming reply is followed while the reader stays at the bottom', async ({ page, signUp }) => {
  await signUp('follow-bottom');
  await start(page);
  await stackControl.enqueue(fake, { model, chunks: paragraphs(50), delayMs: 60 });
  await send(page, 'Write a long answer');
  await streaming(page);
  // Well past the opening moment that pins a new thread: the text keeps arriving below the fold.
  await expect(replies(page).last()).toContainText('Paragraph 25 of a long answer');
  for (let i = 0; i < 5; i++) {
    await expect.poll(() => unseenBelow(page), { timeout: 1000 }).toBeLessThanOrEqual(80);
    await expect(scrollDown(page)).toBeHidden();
    await page.waitForTimeout(200);
  }
  await settled(page);
  await expect(replies(page).last().getByText('Paragraph 50 of a long answer')).toBeInViewport();
  await expect(scrollDown(page)).toBeHidden();
});

test('scrolling up stops following at once; back at the bottom it follows again', async ({ page, signUp }) => {
  await signUp('follow-up');
  await start(page);
  await stackControl.enqueue(fake, { model, chunks: paragraphs(70), delayMs: 70 });
  await send(page, 'Write another long answer');
  await streaming(page);
  await expect(replies(page).last()).toContainText('Paragraph 12 of a long answer');

  await thread(page).hover();
  await page.mouse.wheel(0, -400);
  await expect(scrollDown(page)).toBeVisible();
  const top = await thread(page).evaluate((el) => el.scrollTop);
  await expect(replies(page).last()).toContainText('Paragraph 30 of a long answer');
  // The text grew by many lines, but the view stayed where the reader left it.
  expect(await thread(page).evaluate((el) => el.scrollTop)).toBe(top);
  expect(await unseenBelow(page)).toBeGreaterThan(300);

  await scrollDown(page).click();
  await expect(scrollDown(page)).toBeHidden();
  await expect(replies(page).last()).toContainText('Paragraph 45 of a long answer');
  await expect.poll(() => unseenBelow(page), { timeout: 1000 }).toBeLessThanOrEqual(80);
  await settled(page);
  await expect(replies(page).last().getByText('Paragraph 70 of a long answer')).toBeInViewport();
});

test('with autoScroll on, the reply is followed even after scrolling up', async ({ page, signUp }) => {
  await signUp('follow-always');
  await start(page);
  await page.evaluate(() => localStorage.setItem('autoScroll', 'true'));
  await stackControl.enqueue(fake, { model, chunks: paragraphs(60), delayMs: 50 });
  await send(page, 'Write a long answer, always followed');
  await streaming(page);
  await expect(replies(page).last()).toContainText('Paragraph 10 of a long answer');
  await thread(page).hover();
  await page.mouse.wheel(0, -600);
  await settled(page);
  await expect(replies(page).last().getByText('Paragraph 60 of a long answer')).toBeInViewport();
  await expect(scrollDown(page)).toBeHidden();
});
