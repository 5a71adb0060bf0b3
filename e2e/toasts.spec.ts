import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { chooseLook } from './support/look.ts';
import { accessToken, seedConversation } from './support/seed-chat.ts';
import { screenshotPath } from './support/screenshot-path.ts';
import { animationsSettled } from './support/animations-settled.ts';

async function openGeneralSettings(page: Page, mobile = false) {
  if (mobile) await page.getByTestId('nav-toggle').click();
  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-tab-general').click();
}

/** Four saved settings in a row: the same toast asked for four times. */
async function fourSaves(page: Page) {
  const autoScroll = page.getByTestId('settings-auto-scroll');
  for (let i = 0; i < 4; i++) await autoScroll.click();
}

/**
 * Stops the page's clock (installed before the page loaded), ten seconds ahead of now (pausing jumps
 * forward, and on a busy machine more than a second may pass before it does): from here its timers
 * run only when the test moves it.
 */
async function holdClock(page: Page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 10_000));
}

test('saving settings shows a toast, once for saves in a row, and it closes after 3 s', async ({ page, signUp }) => {
  await signUp('toasts');
  await page.clock.install();
  await page.goto('/chat/new');
  await openGeneralSettings(page);
  await holdClock(page);
  // The same message already showing is not stacked again (at most three different ones show: toast-store.test.ts).
  await fourSaves(page);
  await expect(page.getByTestId('toast')).toHaveCount(1);
  await expect(page.getByTestId('toast')).toHaveText('Settings saved');
  await page.clock.runFor(2999);
  await expect(page.getByTestId('toast')).toHaveCount(1);
  await page.clock.runFor(1);
  await expect(page.getByTestId('toast')).toHaveCount(0);
});

test('a tooltip opens 300 ms after hover, on keyboard focus too, and the chat has no native title', async ({ page, signUp }) => {
  await signUp('tooltips');
  const [turn] = await seedConversation(page.request, await accessToken(page.request), ['Hello tooltips']);
  await page.clock.install();
  await page.goto(`/chat/${turn!.conversationId}`);
  await expect(page.getByTestId('message')).toHaveCount(2);
  await expect(page.locator('[title]')).toHaveCount(0);

  const attach = page.getByTestId('attach-button');
  await holdClock(page);
  await attach.hover();
  await page.clock.runFor(299);
  await expect(page.getByTestId('tooltip')).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(page.getByTestId('tooltip')).toBeVisible();
  await expect(page.getByRole('tooltip')).toHaveText('Attach files');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tooltip')).toHaveCount(0);
  await page.clock.resume();

  await page.getByTestId('chat-input').focus();
  await page.keyboard.press('Shift+Tab');
  await expect(attach).toBeFocused();
  await expect(page.getByTestId('tooltip')).toBeVisible();
  await expect(page.getByRole('tooltip')).toHaveText('Attach files');
  await expect(attach).toHaveAttribute('aria-describedby', /.+/);
  await expect(attach).toHaveAttribute('aria-label', 'Attach files');
});

test('applying a preset says so in a toast', async ({ page, signUp }) => {
  await signUp('toast-preset');
  await page.goto('/chat/new');
  await page.getByTestId('options-settings-toggle').click();
  await page.getByTestId('save-as-preset').click();
  await page.getByTestId('preset-name-input').fill('Toast poet');
  await page.getByTestId('preset-save').click();
  await expect(page.getByTestId('toast').last()).toHaveText('Preset “Toast poet” saved');
  await page.getByTestId('settings-close').click();
  await page.getByTestId('new-convo-menu').click();
  await page.locator('[data-testid="preset-item"][data-preset-title="Toast poet"]').click();
  await expect(page.getByTestId('toast').last()).toHaveText('Preset “Toast poet” applied');
});

const looks = [
  { device: 'desktop', theme: 'light', lang: 'en', width: 1280, height: 800 },
  { device: 'desktop', theme: 'dark', lang: 'zh', width: 1280, height: 800 },
  { device: 'mobile', theme: 'light', lang: 'zh', width: 390, height: 844 },
  { device: 'mobile', theme: 'dark', lang: 'en', width: 390, height: 844 },
] as const;

test('toast screenshots', async ({ page, signUp }) => {
  test.setTimeout(90_000);
  await signUp('toast-shots');
  await page.clock.install();
  await page.goto('/chat/new');
  for (const look of looks) {
    await page.setViewportSize({ width: look.width, height: look.height });
    await chooseLook(page, look.theme, look.lang);
    await page.reload();
    await openGeneralSettings(page, look.device === 'mobile');
    // Held, so the toast is still there however slowly the page answers.
    await holdClock(page);
    await fourSaves(page);
    await expect(page.getByTestId('toast')).toHaveCount(1);
    // The switch flipped four times: its last slide ends before the picture.
    await animationsSettled(page.getByTestId('settings-dialog'));
    await page.screenshot({ path: screenshotPath(`toasts-${look.device}-${look.theme}-${look.lang}.png`) });
    await page.clock.runFor(3000);
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await page.clock.resume();
  }
});
