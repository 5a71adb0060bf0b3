import { expectNoSeriousAxe } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshotPath } from './support/screenshot-path.ts';
import { accessToken } from './support/seed-chat.ts';

/** A 64×48 red PNG. */
const redPicture = { name: 'red.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAZUlEQVR4nO3PUQkAIBTAwBfHEPZPYRhD+HEIgwW4zdnr64YLGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEtaEALGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEteOwCfLAA4mZxZWUAAAAASUVORK5CYII=', 'base64') };

test('a shared conversation shows the picture its question carried, to a reader without an account, until the link is revoked', async ({ page, signUp, browser }) => {
  test.setTimeout(90_000);
  await signUp('share-files');
  await page.goto('/chat/new');
  await expect(page.getByTestId('attach-button')).toBeEnabled();
  await page.getByTestId('attach-input').setInputFiles(redPicture);
  await expect(page.getByTestId('attachment-chip')).toHaveAttribute('data-file-id', /^[0-9a-f-]{36}$/);
  await page.getByTestId('chat-input').fill('Is this picture red?');
  await page.getByTestId('send-button').click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('send-button')).toBeVisible({ timeout: 15_000 });
  const conversationId = page.url().split('/').at(-1)!;
  const headers = { authorization: `Bearer ${await accessToken(page.request)}` };
  const made = await page.request.post('/api/share', { headers, data: { conversationId } });
  expect(made.status()).toBe(200);
  const link = (await made.json()) as { id: string; token: string };

  const stranger = await browser.newContext();
  const reader = await stranger.newPage();
  await reader.goto(`/share/${link.token}`);
  const picture = reader.getByTestId('shared-image');
  await expect(picture).toHaveAttribute('alt', 'red.png');
  // The thumbnail loaded: a picture the browser decoded, under the share's own address (no stored id).
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await picture.getAttribute('src')).toBe(`/api/share/public/${link.token}/files/1?size=thumb`);
  await expectNoSeriousAxe(reader, 'shared page with a picture');
  await reader.screenshot({ path: screenshotPath('share-page-picture-desktop-light-en.png') });

  expect((await page.request.delete(`/api/share/${link.id}`, { headers })).status()).toBe(200);
  expect((await reader.request.get(`/api/share/public/${link.token}/files/1`)).status()).toBe(404);
  await stranger.close();
});
