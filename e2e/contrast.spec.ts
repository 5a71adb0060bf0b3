import type { Page } from '@playwright/test';
import { lowContrast } from './support/contrast.ts';
import { expect, test } from './support/fixtures.ts';
import { chooseLook } from './support/look.ts';
import { accessToken, renameConversation, seedConversation } from './support/seed-chat.ts';
import { animationsSettled } from './support/animations-settled.ts';

// Issue 16: in light and dark mode every text, hints included (placeholders, timestamps, helper
// texts, section labels, costs, the footer note, tooltips), reaches WCAG AA contrast on its background.

/** Audits the screen once its transitions have ended; each offender is listed once, under the first screen it is on. */
function contrastAudit(page: Page) {
  const offenders = new Map<string, string>();
  return {
    offenders: () => [...offenders].map(([what, screen]) => `${screen}: ${what}`),
    async screen(name: string) {
      await animationsSettled(page);
      for (const o of await lowContrast(page)) {
        const what = `${o.element} "${o.text}" ${o.color} on ${o.background} = ${o.ratio}:1 (needs ${o.required})`;
        if (!offenders.has(what)) offenders.set(what, name);
      }
    },
  };
}

for (const theme of ['light', 'dark'] as const) {
  test(`${theme} mode: every text on the main screens reaches WCAG AA contrast`, async ({ page, signUp }) => {
    test.setTimeout(90_000);
    const audit = contrastAudit(page);

    await page.goto('/login');
    await chooseLook(page, theme, 'en');
    await page.reload();
    await expect(page.getByTestId('login-submit')).toBeVisible();
    await audit.screen('login');
    await page.getByTestId('register-link').click();
    await expect(page.getByTestId('register-submit')).toBeVisible();
    await audit.screen('register');

    await signUp(`contrast-${theme}`);
    const token = await accessToken(page.request);
    const [turn] = await seedConversation(page.request, token, ['What makes a good cup of tea?']);
    await renameConversation(page.request, token, turn!.conversationId, 'A good cup of tea');

    await page.goto('/chat/new');
    await expect(page.getByTestId('landing')).toBeVisible();
    await audit.screen('chat landing and sidebar');

    await page.goto(`/chat/${turn!.conversationId}`);
    await expect(page.locator('[data-testid="message"][data-role="assistant"]')).toContainText('Echo: What makes a good cup of tea?');
    await audit.screen('chat with a reply');

    await page.getByTestId('copy-message').last().hover();
    await expect(page.getByTestId('tooltip')).toBeVisible();
    await audit.screen('tooltip');
    await page.mouse.move(0, 0);

    await page.getByTestId('model-picker').click();
    await expect(page.getByTestId('model-option').first()).toBeVisible();
    await audit.screen('model picker');
    await page.keyboard.press('Escape');

    await page.getByTestId('options-settings-toggle').click();
    await expect(page.getByTestId('settings-popover')).toBeVisible();
    await audit.screen('chat settings panel');
    await page.getByTestId('save-as-preset').click();
    await expect(page.getByTestId('save-preset-dialog')).toBeVisible();
    await audit.screen('save as preset');
    await page.getByTestId('preset-name-input').fill('Tea expert');
    await page.getByTestId('preset-save').click();
    await expect(page.getByTestId('save-preset-dialog')).toBeHidden();
    await page.getByTestId('settings-close').click();

    await page.getByTestId('new-convo-menu').click();
    await expect(page.getByTestId('preset-item')).toHaveCount(1);
    await audit.screen('new-conversation menu');
    await page.getByTestId('preset-edit').click();
    await expect(page.getByTestId('preset-editor')).toBeVisible();
    await audit.screen('preset editor');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('preset-editor')).toBeHidden();

    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('open-settings')).toBeVisible();
    await audit.screen('user menu');
    await page.getByTestId('open-settings').click();
    await expect(page.getByTestId('settings-dialog')).toBeVisible();
    await audit.screen('settings: general');
    await page.getByTestId('settings-tab-data').click();
    await expect(page.getByTestId('settings-tab-data')).toHaveAttribute('data-state', 'active');
    await audit.screen('settings: data');
    await page.keyboard.press('Escape');

    await page.getByTestId('convo-item').first().hover();
    await page.getByTestId('convo-menu').first().click();
    await expect(page.getByTestId('convo-export')).toBeVisible();
    await audit.screen('conversation menu');
    await page.getByTestId('convo-export').click();
    await expect(page.getByTestId('export-dialog')).toBeVisible();
    await audit.screen('export dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('export-dialog')).toBeHidden();

    await page.getByTestId('nav-plugin-store').click();
    await expect(page.getByTestId('plugin-store')).toBeVisible();
    await audit.screen('plugin store');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('plugin-store')).toBeHidden();

    await page.getByTestId('search-input').fill('tea');
    await expect(page.getByTestId('search-result')).toHaveCount(2);
    await audit.screen('search');
    await page.getByTestId('search-input').fill('no such words anywhere');
    await expect(page.getByTestId('search-empty')).toBeVisible();
    await audit.screen('search without results');

    const offenders = audit.offenders();
    expect(offenders, `${offenders.length} texts below WCAG AA:\n${offenders.join('\n')}`).toEqual([]);
  });
}
