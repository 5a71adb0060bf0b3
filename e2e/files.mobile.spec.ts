import { expect, test } from './support/fixtures.ts';
import { screenshotPath } from './support/screenshot-path.ts';
import { attachJourney } from './support/attach-journey.ts';

const picture = { name: 'red.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAZUlEQVR4nO3PUQkAIBTAwBfHEPZPYRhD+HEIgwW4zdnr64YLGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEtaEALGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEteOwCfLAA4mZxZWUAAAAASUVORK5CYII=', 'base64') };

test('on a phone, in Chinese and dark, a picture attaches and a wrong file gets the Chinese toast', async ({ page, signUp }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'zh-CN');
    localStorage.setItem('color-theme', 'dark');
  });
  await signUp('files-mobile');
  await page.goto('/chat/new');
  await expect(page.getByTestId('attach-button')).toBeEnabled();
  await page.getByTestId('attach-input').setInputFiles(picture);
  await expect(page.getByTestId('attachment-chip')).toHaveAttribute('data-file-id', /^[0-9a-f-]{36}$/);
  await page.getByTestId('attach-input').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('PK\u0003\u0004 not a picture') });
  // The picture's upload-success toast may still show: the refusal is the newest.
  await expect(page.getByTestId('toast').last()).toHaveText('无效的上传文件');
  await page.screenshot({ path: screenshotPath('files-toast-mobile-dark-zh.png') });
});

for (const [theme, lang] of [['dark', 'zh'], ['light', 'en']] as const) {
  test(`on a phone: one toast per pick, New Chat leaves files behind, the paperclip kept with its reason (${theme} ${lang})`, async ({ page, signUp }) => {
    test.setTimeout(60_000);
    await signUp('attach-rules-phone');
    await attachJourney(page, { viewport: 'mobile', theme, lang });
  });
}
