import type { Page } from '@playwright/test';
import { upstreamModel } from '@parley/core';
import { pdfBytes } from '@parley/testkit/fixtures';
import { stackControl } from './support/control.ts';
import { expect, test } from './support/fixtures.ts';
import { chooseLook } from './support/look.ts';
import { screenshotPath } from './support/screenshot-path.ts';
import { attachJourney } from './support/attach-journey.ts';
import { animationsSettled } from './support/animations-settled.ts';

// These journeys talk to the shared OpenAI fake (the default endpoint) one after another.
test.describe.configure({ mode: 'serial' });

/** A 64×48 red PNG. */
const picture = { name: 'red.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAZUlEQVR4nO3PUQkAIBTAwBfHEPZPYRhD+HEIgwW4zdnr64YLGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEtaEALGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEteOwCfLAA4mZxZWUAAAAASUVORK5CYII=', 'base64') };

const userMessages = (page: Page) => page.locator('[data-testid="message"][data-role="user"]');
const replies = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');

async function ready(page: Page) {
  await page.goto('/chat/new');
  await expect(page.getByTestId('attach-button')).toBeEnabled();
}

async function sendAndSettle(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.getByTestId('send-button')).toBeVisible({ timeout: 15_000 });
}

/** Drops files on the page the way a browser does: dragenter, then drop with a DataTransfer. */
async function dropFile(page: Page, file: typeof picture) {
  const transfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      const data = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], name, { type }));
      return data;
    },
    { name: file.name, type: file.mimeType, base64: file.buffer.toString('base64') },
  );
  await page.dispatchEvent('body', 'dragenter', { dataTransfer: transfer });
  await expect(page.getByTestId('file-drop-overlay')).toBeVisible();
  await page.dispatchEvent('body', 'drop', { dataTransfer: transfer });
  await expect(page.getByTestId('file-drop-overlay')).toBeHidden();
}

test('a picture attached by the button and one dropped on the page go with the message and show in it', async ({ page, signUp }) => {
  await signUp('files');
  await ready(page);

  await page.getByTestId('attach-input').setInputFiles(picture);
  const chip = page.getByTestId('attachment-chip');
  await expect(chip).toHaveAttribute('data-file-id', /^[0-9a-f-]{36}$/);
  await sendAndSettle(page, 'What colour is this picture?');
  await expect(page.getByTestId('attachment-chip')).toHaveCount(0);
  await expect(userMessages(page).first().getByTestId('file-image').locator('img')).toBeVisible();
  await expect(replies(page).first()).toContainText('What colour is this picture?');

  await dropFile(page, { ...picture, name: 'dropped.png' });
  await expect(page.getByTestId('attachment-chip')).toHaveAttribute('data-file-id', /^[0-9a-f-]{36}$/);
  await sendAndSettle(page, 'And this one?');
  await expect(userMessages(page).nth(1).getByTestId('file-image').locator('img')).toBeVisible();

  // The picture opens large, with a download.
  await userMessages(page).first().getByTestId('file-image').click();
  await expect(page.getByTestId('image-viewer').locator('img')).toBeVisible();
  await expect(page.getByTestId('image-download')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(userMessages(page).first().getByTestId('file-image').locator('img')).toBeVisible();
});

interface Recorded {
  body?: { messages?: { role: string; content: unknown }[] };
}

test('a photo and a PDF go with one message to a model that reads both, and the scripted answer names both', async ({ page, signUp }) => {
  await signUp('files-document');
  await ready(page);
  await page.getByTestId('model-picker').click();
  await page.locator('[data-testid="model-option"][data-model="gpt-4o"]').first().click();

  await page.getByTestId('attach-input').setInputFiles(picture);
  await expect(page.getByTestId('attachment-chip')).toHaveAttribute('data-file-id', /^[0-9a-f-]{36}$/);
  await page.getByTestId('attach-input').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: pdfBytes('Total: 42 apples') });
  const chips = page.getByTestId('attachment-chip');
  await expect(chips).toHaveCount(2);
  await expect(chips.nth(1)).toHaveAttribute('data-file-id', /^[0-9a-f-]{36}$/);
  await expect(chips.nth(1)).toContainText('invoice.pdf');
  await page.screenshot({ path: screenshotPath('files-document-desktop-light-en.png') });

  const question = `What do the photo and the invoice show? ${Math.random().toString(36).slice(2, 10)}`;
  await stackControl.enqueue('openai', { model: upstreamModel('openAI', 'gpt-4o').id, chunks: ['A red picture, and an invoice for 42 apples.'] });
  await sendAndSettle(page, question);
  await expect(replies(page).first()).toContainText('an invoice for 42 apples');
  await expect(userMessages(page).first()).toContainText('invoice.pdf');

  const sent = (await stackControl.requests<Recorded>('openai')).find((r) => JSON.stringify(r.body ?? '').includes(question))!;
  const asked = sent.body!.messages!.at(-1)!.content as { type: string; file?: { filename: string; file_data: string } }[];
  expect(asked.map((part) => part.type)).toEqual(['text', 'image_url', 'file']);
  expect(asked[2]!.file).toMatchObject({ filename: 'invoice.pdf', file_data: expect.stringMatching(/^data:application\/pdf;base64,/) as unknown });
});

test('a file over 20 MB and a type nobody takes are refused with a toast', async ({ page, signUp }) => {
  test.setTimeout(90_000);
  await signUp('files-refused');
  await ready(page);
  // 20 MB through the DevTools protocol takes a while.
  const huge = { name: 'huge.txt', mimeType: 'text/plain', buffer: Buffer.alloc(20 * 1024 * 1024 + 1, 0x61) };
  await page.getByTestId('attach-input').setInputFiles(huge, { timeout: 60_000 });
  await expect(page.getByTestId('toast')).toHaveText('Files may be at most 20 MB.');
  await page.getByTestId('attach-input').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('PK\u0003\u0004 not a picture') });
  await expect(page.getByTestId('toast').last()).toHaveText('Invalid file for upload');
  await expect(page.getByTestId('attachment-chip')).toHaveCount(0);
});

test('a drawing model’s picture shows in the reply and is still there after a reload', async ({ page, signUp }) => {
  await signUp('files-draw');
  await ready(page);
  await page.getByTestId('model-picker').click();
  await page.locator('[data-testid="model-option"][data-model="gpt-4o-image"]').first().click();
  await stackControl.enqueue('openai', { model: upstreamModel('openAI', 'gpt-4o-image').id, imageBase64: picture.buffer.toString('base64') });
  await sendAndSettle(page, 'Draw a red square');
  await expect(replies(page).first().getByTestId('file-image').locator('img')).toBeVisible();
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(replies(page).first().getByTestId('file-image').locator('img')).toBeVisible();
  await page.screenshot({ path: screenshotPath('files-drawing-desktop.png') });
});

for (const [viewport, width, height] of [['desktop', 1280, 800], ['mobile', 390, 844]] as const) {
  for (const [theme, lang] of [['light', 'en'], ['dark', 'zh'], ...(viewport === 'desktop' ? [['dark', 'en'] as const] : [['light', 'zh'] as const])] as const) {
    test(`screenshots of an attached picture, the message with it and the viewer: ${viewport} ${theme} ${lang}`, async ({ page, signUp }) => {
      await page.setViewportSize({ width, height });
      await signUp(`files-look-${viewport}-${theme}-${lang}`);
      await page.goto('/chat/new');
      await chooseLook(page, theme, lang);
      await ready(page);
      await page.getByTestId('attach-input').setInputFiles(picture);
      await expect(page.getByTestId('attachment-chip')).toHaveAttribute('data-file-id', /^[0-9a-f-]{36}$/);
      await page.screenshot({ path: screenshotPath(`files-attached-${viewport}-${theme}-${lang}.png`) });
      // The upload's confirmation closes on its own; the message screenshot shows the thread without it.
      await expect(page.getByTestId('toast')).toHaveCount(0);
      await sendAndSettle(page, lang === 'zh' ? '这张图片是什么颜色？' : 'What colour is this picture?');
      await expect(userMessages(page).first().getByTestId('file-image').locator('img')).toBeVisible();
      await page.screenshot({ path: screenshotPath(`files-message-${viewport}-${theme}-${lang}.png`) });
      await userMessages(page).first().getByTestId('file-image').click();
      await expect(page.getByTestId('image-viewer').locator('img')).toBeVisible();
      await animationsSettled(page.getByTestId('image-viewer'));
      await page.screenshot({ path: screenshotPath(`files-viewer-${viewport}-${theme}-${lang}.png`) });
    });
  }
}

for (const [theme, lang] of [['light', 'en'], ['dark', 'zh']] as const) {
  test(`one toast per pick, files left behind by New Chat, endpoints named as users know them, and the paperclip kept with its reason (${theme} ${lang})`, async ({ page, signUp }) => {
    test.setTimeout(60_000);
    await signUp('attach-rules');
    await attachJourney(page, { viewport: 'desktop', theme, lang });
  });
}
