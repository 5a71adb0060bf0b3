import { freePort, startBingFake, startStack, type BingFake, type Stack } from '@parley/testkit';
import { expect, newAccountDetails, test } from './support/fixtures.ts';
import { chooseLook } from './support/look.ts';
import { screenshotPath } from './support/screenshot-path.ts';

// Bing on a phone (390 px): the tone bar fits above the input, and a reply's sources and follow-up
// chips wrap under it. Its own stack, as Bing is off unless its key is set.
let stack: Stack | undefined;
let fake: BingFake | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await startBingFake();
  stack = await startStack({ port: await freePort(), env: { BINGAI_API_KEY: fake.validKey, BINGAI_BASE_URL: fake.url } });
});

test.afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

test('the tone bar, sources and follow-up chips on a phone, in English and Chinese, light and dark', async ({ page }) => {
  test.setTimeout(180_000);
  const account = newAccountDetails('bing-mobile');
  expect((await page.request.post(`${stack!.url}/api/auth/register`, { data: { ...account, confirm_password: account.password } })).status()).toBe(200);
  await page.goto(`${stack!.url}/chat/new`);
  await page.getByTestId('new-convo-menu').click();
  await page.locator('[data-testid="new-convo-endpoint"][data-endpoint="bingAI"]').click();
  const bar = page.getByTestId('bing-tone-bar');
  await bar.getByTestId('bing-tone-balanced').click();
  await expect(bar.getByTestId('bing-tone-balanced')).toHaveAttribute('aria-checked', 'true');
  const box = (await bar.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  for (const theme of ['light', 'dark'] as const) {
    for (const lang of ['en', 'zh'] as const) {
      await chooseLook(page, theme, lang);
      await page.reload();
      await expect(page.getByTestId('bing-tone-balanced')).toHaveAttribute('aria-checked', 'true');
      await page.screenshot({ path: screenshotPath(`bing-tones-mobile-${theme}-${lang}.png`) });
    }
  }

  fake!.enqueue({
    mentioning: 'phone-tides',
    chunks: ['Tides follow ', 'the moon.'],
    bing: { citations: [{ url: 'https://example.com/tides', title: 'Tides explained' }, { url: 'https://example.org/moon', title: 'The Moon and the sea' }], suggestions: ['What is a spring tide?', 'Why two tides a day?'] },
  });
  await page.getByTestId('chat-input').fill('phone-tides why?');
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.getByTestId('follow-up-chips')).toBeVisible({ timeout: 15_000 });
  const sent = fake!.requests.findLast((r) => JSON.stringify(r.body ?? '').includes('phone-tides'))!.body as { mode: string };
  expect(sent.mode).toBe('smart');
  for (const theme of ['light', 'dark'] as const) {
    for (const lang of ['en', 'zh'] as const) {
      await chooseLook(page, theme, lang);
      await page.reload();
      await expect(page.getByTestId('follow-up-chips')).toBeVisible();
      await page.screenshot({ path: screenshotPath(`bing-sources-mobile-${theme}-${lang}.png`) });
    }
  }
  await page.getByTestId('follow-up-chips').getByRole('button').first().click();
  await expect(page.getByTestId('chat-input')).toHaveValue('What is a spring tide?');
});
