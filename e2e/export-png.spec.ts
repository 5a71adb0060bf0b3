import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { chooseLook } from './support/look.ts';
import { screenshotPath } from './support/screenshot-path.ts';

/** A 64×48 red PNG: easy to find again in the exported picture. */
const redPicture = { name: 'red.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAZUlEQVR4nO3PUQkAIBTAwBfHEPZPYRhD+HEIgwW4zdnr64YLGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEtaEALGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEteOwCfLAA4mZxZWUAAAAASUVORK5CYII=', 'base64') };

const question = 'Show **bold** text, `inline code` and\n\n```js\nconst answer = 42;\n```';

interface Decoded {
  width: number;
  height: number;
  corner: [number, number, number];
  redPixels: number;
  colours: number;
}

/** Decodes the PNG in the browser: its size, the top-left pixel, how many strongly red pixels and distinct colours it holds. */
async function decode(page: Page, png: Buffer): Promise<Decoded> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let redPixels = 0;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4) {
      if (data[i]! > 200 && data[i + 1]! < 90 && data[i + 2]! < 80) redPixels++;
      if (i % 64 === 0) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    }
    return { width: bitmap.width, height: bitmap.height, corner: [data[0]!, data[1]!, data[2]!], redPixels, colours: colours.size };
  }, png.toString('base64'));
}

async function exportPng(page: Page): Promise<Buffer> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('export-open').click();
  await expect(page.getByTestId('export-dialog')).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 40_000 }), page.getByTestId('export-submit').click()]);
  await expect(page.getByTestId('export-dialog')).toHaveCount(0);
  // A shortened title's "…" stays out of the file name.
  expect(file.suggestedFilename()).toMatch(/^[^…]+\.png$/);
  return readFile((await file.path())!);
}

test('the PNG export is a picture of the thread as shown: rendered markdown, the stored picture, the theme', async ({ page, signUp }) => {
  test.setTimeout(90_000);
  await signUp('export-png');
  await page.goto('/chat/new');
  await expect(page.getByTestId('attach-button')).toBeEnabled();
  await page.getByTestId('attach-input').setInputFiles(redPicture);
  await expect(page.getByTestId('attachment-chip')).toHaveAttribute('data-file-id', /^[0-9a-f-]{36}$/);
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('send-button').click();
  await expect(page.locator('[data-role="assistant"] pre code')).toContainText('const answer = 42;', { timeout: 15_000 });
  await expect(page.locator('[data-role="user"]').getByTestId('file-image').locator('img')).toBeVisible();

  await test.step('light: white background, the red picture and formatted text', async () => {
    const png = await exportPng(page);
    await writeFile(screenshotPath('export-png-light-en.png'), png);
    const picture = await decode(page, png);
    expect(picture.width).toBe(1600);
    expect(picture.height).toBeGreaterThan(400);
    expect(picture.corner.every((channel) => channel > 245)).toBe(true);
    // The 64×48 thumbnail at 2×: thousands of red pixels; a redraw of the text would have none.
    expect(picture.redPixels).toBeGreaterThan(2000);
    expect(picture.colours).toBeGreaterThan(20);
  });

  await test.step('dark and Chinese: a dark background, the picture still there', async () => {
    await chooseLook(page, 'dark', 'zh');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.locator('[data-role="assistant"] pre code')).toContainText('const answer = 42;');
    const png = await exportPng(page);
    await writeFile(screenshotPath('export-png-dark-zh.png'), png);
    const picture = await decode(page, png);
    expect(picture.width).toBe(1600);
    expect(picture.corner.every((channel) => channel < 40)).toBe(true);
    expect(picture.redPixels).toBeGreaterThan(2000);
  });
});
