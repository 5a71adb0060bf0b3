import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { upstreamModel } from '@parley/core';
import { stackControl } from './control.ts';
import { expect } from './fixtures.ts';

const fake = 'openai';
const pickedModel = 'gpt-4';
const model = upstreamModel('openAI', pickedModel).id;
const code = '```python\n' + Array.from({ length: 30 }, (_, i) => `step_${i} = prepare(${i})  # one line of a long listing`).join('\n') + '\n```\n\n';

/**
 * A reader scrolls up a little while a reply streams (a scroll with no wheel before it, as a
 * finger or the scrollbar makes), then the reply ends: the placeholder is swapped for the saved
 * reply and, in a new conversation, the title frame follows. Nothing may move the view.
 */
export async function readerAboveStaysPut(page: Page, firstMessage: boolean) {
  // Each run's questions carry their own word, so journeys running side by side take only their own replies.
  const word = `reader-${randomBytes(4).toString('hex')}`;
  const thread = page.getByTestId('thread');
  const reply = page.locator('[data-testid="message"][data-role="assistant"]').last();
  const position = () => thread.evaluate((el) => ({ top: el.scrollTop, below: el.scrollHeight - el.scrollTop - el.clientHeight }));
  await page.goto('/chat/new');
  await page.getByTestId('model-picker').click();
  await page.locator(`[data-testid="model-option"][data-endpoint="openAI"][data-model="${pickedModel}"]`).click();
  const send = async (text: string) => {
    await page.getByTestId('chat-input').fill(text);
    await page.getByTestId('chat-input').press('Enter');
  };
  if (!firstMessage) {
    await stackControl.enqueue(fake, { model, mentioning: word, chunks: ['A short first answer.'] });
    await send(`First question (${word})`);
    await expect(reply).toContainText('A short first answer.');
    await expect(page.getByTestId('send-button')).toBeVisible();
  }
  const paragraphs = Array.from({ length: 16 }, (_, i) => `Paragraph ${i + 1} of a long answer, with enough words to fill a line of the thread.\n\n`);
  // The reply's end is a listing, then a slow tail: the reader scrolls up while it still streams.
  await stackControl.enqueue(fake, { model, chunks: [...paragraphs, code, 'The end.', ...Array.from({ length: 25 }, () => ' ')], delayMs: 60, mentioning: word });
  await send(`Write a long answer to read (${word})`);
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await expect(reply).toContainText('The end.');
  await thread.evaluate((el) => el.scrollBy({ top: -400 }));
  await expect(page.getByTestId('scroll-to-bottom')).toBeVisible();
  const before = await position();
  // The reply starts above the view: its row growing or re-measuring would move the view.
  expect(await reply.evaluate((el, top) => el.getBoundingClientRect().top < top, await thread.evaluate((el) => el.getBoundingClientRect().top))).toBe(true);
  await expect(page.getByTestId('send-button')).toBeVisible({ timeout: 20_000 });
  if (firstMessage) await expect(page.getByTestId('chat-title')).not.toHaveText(/New Chat/);
  await expect(reply.locator('pre')).toBeVisible();
  await expect.poll(async () => (await position()).top).toBe(before.top);
  expect((await position()).below).toBeGreaterThan(300);
  await expect(page.getByTestId('scroll-to-bottom')).toBeVisible();
}
