import type { Page } from '@playwright/test';
import { expect, newAccountDetails, test } from './support/fixtures.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { lowContrast } from './support/contrast.ts';
import { chooseLook } from './support/look.ts';
import { ownStack } from './support/own-stack.ts';
import { screenshotPath } from './support/screenshot-path.ts';
import { chatThroughApi, consoleEnv, OPERATOR_PASSWORD, openConsoleAsAdmin, openConsoleAsOperator, registerOn, signInConsoleAdmin, signInThroughForm } from './support/console.ts';

/** The console's own chunks: a visitor who is not an admin must never fetch one. */
const consoleChunk = /\/assets\/(admin|overview-page|users-page|channels-page|audit-page)-[\w-]+\.js/;

async function shoot(page: Page, name: string) {
  await expect(page.getByTestId('admin-console')).toBeVisible();
  await page.screenshot({ path: screenshotPath(name), fullPage: false });
}

test.describe('the operator console, accounts mode', () => {
  // One stack for the group: its tests run in order in one worker.
  test.describe.configure({ mode: 'default' });
  const stack = ownStack(consoleEnv);

  test('an admin opens the console from the account menu, sees the overview, bans a user who then cannot chat, tests and disables a channel, and finds it all in the audit log', async ({ page, browser }) => {
    test.setTimeout(120_000);
    // The admin first: the first account of a fresh instance would be an admin whoever it is.
    await signInConsoleAdmin(page, stack);
    const victim = await registerOn(page, stack, newAccountDetails('victim'));
    // The victim is signed in elsewhere before the ban.
    const victimContext = await browser.newContext({ baseURL: stack.url });
    const victimPage = await victimContext.newPage();
    await signInThroughForm(victimPage, stack, victim);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('open-admin-console').click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId('overview-page')).toBeVisible();
    await expect(page.getByTestId('stat-calls')).toBeVisible();
    await expect(page.getByTestId('chart-calls').locator('svg')).toBeVisible();
    expect(await lowContrast(page)).toEqual([]);
    await expectNoSeriousAxe(page, 'console overview');

    await page.getByTestId('console-nav-users').click();
    await page.getByTestId('table-search').fill(victim.email);
    const row = page.getByTestId('table-row').filter({ hasText: victim.email });
    await expect(row).toHaveCount(1);
    await row.getByTestId('user-actions').click();
    await page.getByTestId('user-ban').click();
    await page.getByTestId('ban-reason').fill('spam in every chat');
    await page.getByTestId('form-dialog-submit').click();
    await expect(row.getByTestId('user-banned')).toContainText('spam in every chat');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await lowContrast(page)).toEqual([]);
    await expectNoSeriousAxe(page, 'console users');

    // Banned: the open chat is signed out at its next request, and signing in again is refused.
    await victimPage.getByRole('textbox').first().fill('still here?');
    await victimPage.keyboard.press('Enter');
    await expect(victimPage).toHaveURL(/\/login/);
    await victimPage.getByTestId('login-email').fill(victim.email);
    await victimPage.getByTestId('login-password').fill(victim.password);
    await victimPage.getByTestId('login-submit').click();
    await expect(victimPage.getByTestId('login-error')).toContainText(/banned/i);
    await victimContext.close();

    await page.getByTestId('console-nav-channels').click();
    const openai = page.getByTestId('table-row').filter({ hasText: 'openai' }).first();
    await openai.getByTestId('channel-test').click();
    await expect(page.getByTestId('channel-test-dialog')).toBeVisible();
    await expect(page.getByTestId('channel-test-key').first()).toContainText(/ms/);
    await page.getByTestId('form-dialog-cancel').click();
    await openai.getByTestId('channel-toggle').click();
    await expect(openai.getByTestId('channel-state')).toContainText('Disabled');

    await page.getByTestId('console-nav-audit').click();
    const audit = page.getByTestId('audit-table');
    await expect(audit.getByTestId('table-row').filter({ hasText: 'channel.disable' })).toHaveCount(1);
    await expect(audit.getByTestId('table-row').filter({ hasText: 'user.ban' })).toContainText(victim.email);
  });

  test('a user who is not an admin gets no console link, is sent back from /admin without its code, and gets 403 from its API', async ({ page }) => {
    // The admin first: the first account of a fresh instance would be an admin whoever it is.
    await signInConsoleAdmin(page, stack);
    await page.context().clearCookies();
    const user = await registerOn(page, stack, newAccountDetails('plain'));
    await signInThroughForm(page, stack, user);
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('open-settings')).toBeVisible();
    await expect(page.getByTestId('open-admin-console')).toHaveCount(0);
    await page.keyboard.press('Escape');

    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.goto(`${stack.url}/admin/users`);
    await expect(page).toHaveURL(/\/chat\/new$/);
    expect(fetched.filter((url) => consoleChunk.test(url))).toEqual([]);

    const token = await page.evaluate(async () => (await (await fetch('/api/auth/refresh', { method: 'POST' })).json()).token as string);
    const refused = await page.request.get(`${stack.url}/api/admin/users`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
  });

  for (const [viewport, size] of [
    ['desktop', { width: 1280, height: 860 }],
    ['mobile', { width: 390, height: 844 }],
  ] as const) {
    test(`screens at ${size.width} px, English and Chinese`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      await openConsoleAsAdmin(page, stack);
      await registerOn(page, stack, newAccountDetails('listed'));
      await chatThroughApi(page, stack, 3);
      // Something in the audit log: a channel disabled and enabled again.
      await page.goto(`${stack.url}/admin/channels`);
      const channels = page.getByTestId('channels-table').getByTestId(viewport === 'desktop' ? 'table-row' : 'table-card');
      await expect(channels.first()).toBeVisible();
      // The first channel still enabled: the first test of the group disabled one, and the order stays as it is.
      const states = await channels.getByTestId('channel-state').allTextContents();
      const first = channels.nth(states.findIndex((state) => state.startsWith('Enabled')));
      await first.getByTestId('channel-toggle').click();
      await expect(first.getByTestId('channel-state')).toContainText('Disabled');
      await first.getByTestId('channel-toggle').click();
      await expect(first.getByTestId('channel-state')).toContainText('Enabled');
      const looks = [
        ['light', 'en'],
        ['dark', 'zh'],
        ['dark', 'en'],
        ['light', 'zh'],
      ] as const;
      for (const [theme, lang] of looks) {
        await chooseLook(page, theme, lang);
        await page.goto(`${stack.url}/admin`);
        await expect(page.getByTestId('chart-calls')).toBeVisible();
        await shoot(page, `console-overview-${viewport}-${theme}-${lang}.png`);
      }
      for (const [theme, lang] of [looks[0], looks[1]] as const) {
        await chooseLook(page, theme, lang);
        for (const section of ['users', 'channels', 'audit'] as const) {
          await page.goto(`${stack.url}/admin/${section}`);
          await expect(page.getByTestId(`${section}-table`).getByTestId(viewport === 'desktop' ? 'table-row' : 'table-card').first()).toBeVisible();
          await shoot(page, `console-${section}-${viewport}-${theme}-${lang}.png`);
        }
      }
    });
  }
});

test.describe('the operator console, keys mode', () => {
  const stack = ownStack({ ACCESS_MODE: 'keys', ...consoleEnv });

  test('the operator signs in with ADMIN_PASSWORD (a wrong one is refused) and sees the overview', async ({ page }) => {
    await page.goto(`${stack.url}/admin`);
    await expect(page.getByTestId('operator-password')).toBeVisible();
    await expectNoSeriousAxe(page, 'console operator sign-in');
    await page.screenshot({ path: screenshotPath('console-operator-sign-in-desktop-light-en.png') });
    await page.getByTestId('operator-password').fill(`${OPERATOR_PASSWORD}-wrong`);
    await page.getByTestId('operator-submit').click();
    await expect(page.getByTestId('operator-error')).toBeVisible();

    await openConsoleAsOperator(page, stack);
    await expect(page.getByTestId('overview-page')).toBeVisible();
    await expect(page.getByTestId('console-actor')).toHaveText('Operator (password)');
    await page.getByTestId('console-nav-users').click();
    await expect(page.getByTestId('users-page')).toBeVisible();

    await page.getByTestId('operator-sign-out').click();
    await expect(page.getByTestId('operator-password')).toBeVisible();
  });
});
