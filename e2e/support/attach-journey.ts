import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { chooseLook } from './look.ts';
import { screenshotPath } from './screenshot-path.ts';

/** A 64×48 red PNG. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAZUlEQVR4nO3PUQkAIBTAwBfHEPZPYRhD+HEIgwW4zdnr64YLGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEtaEALGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEteOwCfLAA4mZxZWUAAAAASUVORK5CYII=', 'base64');
const pictures = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `red-${i + 1}.png`, mimeType: 'image/png', buffer: png }));

async function startOn(page: Page, endpoint: string) {
  await page.getByTestId('new-convo-menu').click();
  await page.locator(`[data-testid="new-convo-endpoint"][data-endpoint="${endpoint}"]`).click();
  await expect(page.getByTestId('new-convo-menu-content')).toBeHidden();
}

/**
 * Two files picked at once give one toast; New Chat leaves them behind; six are refused with the
 * endpoint named as users know it; an endpoint that takes no files keeps its paperclip, unavailable, saying why.
 */
export async function attachJourney(page: Page, look: { viewport: string; theme: 'light' | 'dark'; lang: 'en' | 'zh' }) {
  await page.goto('/chat/new');
  await chooseLook(page, look.theme, look.lang);
  await page.reload();
  const zh = look.lang === 'zh';
  await startOn(page, 'openAI');
  await page.getByTestId('attach-input').setInputFiles(pictures(2));
  await expect(page.getByTestId('attachment-chip')).toHaveCount(2);
  await expect(page.getByTestId('attachment-chip').last()).toHaveAttribute('data-file-id', /^[0-9a-f-]{36}$/);
  await expect(page.getByTestId('toast')).toHaveCount(1);
  await expect(page.getByTestId('toast')).toHaveText(zh ? '已上传 2 个文件。' : '2 files uploaded.');

  // New Chat on this still empty chat: the files stay behind.
  await startOn(page, 'openAI');
  await expect(page.getByTestId('attachment-chip')).toHaveCount(0);

  await page.getByTestId('toast').first().click();
  await page.getByTestId('attach-input').setInputFiles(pictures(6));
  await expect(page.getByTestId('toast').filter({ hasText: zh ? 'OpenAI 每条消息最多上传 5 个文件。' : 'OpenAI takes at most 5 files per message.' })).toHaveCount(1);
  await startOn(page, 'openAI');

  await startOn(page, 'deepSeek');
  const attach = page.getByTestId('attach-button');
  await expect(attach).toBeVisible();
  await expect(attach).toHaveAttribute('aria-disabled', 'true');
  const reason = zh ? 'DeepSeek 不支持文件：如需附加文件，请选择其他提供方。' : 'DeepSeek does not take files: choose another provider to attach some.';
  const describedBy = await attach.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(reason);
  // Pointed at with a mouse, its tooltip says why; a phone has no hover, and a tap says it as a toast.
  if (look.viewport === 'desktop') {
    await attach.hover();
    await expect(page.getByRole('tooltip')).toHaveText(reason);
  }
  // Clicking it opens no file picker.
  const chooser = page.waitForEvent('filechooser', { timeout: 1000 }).then(() => true, () => false);
  await attach.click({ force: true });
  await expect(page.getByTestId('toast').filter({ hasText: reason })).toHaveCount(1);
  expect(await chooser).toBe(false);
  await page.screenshot({ path: screenshotPath(`attach-disabled-${look.viewport}-${look.theme}-${look.lang}.png`) });
}
