import { expectNoSeriousAxe } from './support/axe.ts';
import { chatgptExport, openSettingsTab, pickFromConversationMenu } from './support/account-journey.ts';
import { expect, test } from './support/fixtures.ts';
import { chooseLook } from './support/look.ts';
import { screenshotPath } from './support/screenshot-path.ts';
import { accessToken, seedConversation } from './support/seed-chat.ts';

// Issue 29's account items on a 390 px phone.
// Sixteen screenshots at twice the pixels take minutes on a busy machine.
test.describe.configure({ timeout: 360_000 });

test('on a phone: share, archive, import, rename and delete the account, each screen clean for axe', async ({ page, signUp, browser }) => {
  const account = await signUp('account-phone');
  const token = await accessToken(page.request);
  await seedConversation(page.request, token, ['Phone share about dumplings']);
  await seedConversation(page.request, token, ['Phone archive about noodles']);
  await page.goto('/chat/new');
  // No Clear all in the drawer any more.
  await page.getByTestId('nav-toggle').click();
  await expect(page.getByTestId('clear-all')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await pickFromConversationMenu(page, 'Phone share', 'convo-share', true);
  await expect(page.getByTestId('share-url')).toHaveValue(/\/share\//);
  const url = await page.getByTestId('share-url').inputValue();
  await page.keyboard.press('Escape');
  // The focus is back on the row's ⋯ button, with no tooltip on a touch screen to cover the next row.
  const shareRow = page.getByTestId('convo-item').filter({ has: page.getByRole('link', { name: 'Phone share' }) });
  await expect(shareRow.getByTestId('convo-menu')).toBeFocused();
  await expect(page.getByTestId('tooltip')).toHaveCount(0);
  const reader = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  await reader.goto(url);
  await expect(reader.getByTestId('shared-message')).toHaveCount(2);
  expect(await reader.locator('body').innerText()).not.toContain(account.email);
  await expectNoSeriousAxe(reader, 'shared page (phone)');

  await pickFromConversationMenu(page, 'Phone archive', 'convo-archive', true);
  await expect(page.getByTestId('convo-item')).toHaveCount(1);
  await page.keyboard.press('Escape');

  await openSettingsTab(page, 'archived', true);
  await expect(page.getByTestId('archived-item')).toHaveCount(1);
  await expectNoSeriousAxe(page, 'settings → archived (phone)');
  await page.getByTestId('settings-tab-shared').click();
  await expect(page.getByTestId('shared-link')).toHaveCount(1);
  await page.getByTestId('settings-tab-data').click();
  await page.getByTestId('import-file').setInputFiles({ name: 'conversations.json', mimeType: 'application/json', buffer: Buffer.from(chatgptExport('Imported on a phone')) });
  await expect(page.getByTestId('import-summary')).toContainText('conversations imported 1');
  await page.getByTestId('settings-tab-account').click();
  await page.getByTestId('account-name').fill('Phone Person');
  await page.getByTestId('account-name-save').click();
  await expect(page.getByText('Name saved.')).toBeVisible();
  await expectNoSeriousAxe(page, 'settings → account (phone)');

  for (const theme of ['light', 'dark'] as const) {
    for (const lang of ['en', 'zh'] as const) {
      await chooseLook(page, theme, lang);
      await page.reload();
      for (const tab of ['account', 'data', 'archived', 'shared']) {
        await openSettingsTab(page, tab, true);
        await page.screenshot({ path: screenshotPath(`settings-${tab}-mobile-${theme}-${lang}.png`), timeout: 60_000 });
        await page.keyboard.press('Escape');
      }
      await chooseLook(reader, theme, lang);
      await reader.reload();
      await expect(reader.getByTestId('shared-message')).toHaveCount(2);
      await reader.screenshot({ path: screenshotPath(`shared-page-mobile-${theme}-${lang}.png`), timeout: 60_000 });
    }
  }
  await chooseLook(page, 'light', 'en');
  await page.reload();

  await openSettingsTab(page, 'account', true);
  await page.getByTestId('delete-account').click();
  await page.getByTestId('delete-account-confirm').fill(account.email);
  await page.getByTestId('delete-account-password').fill(account.password);
  await page.getByTestId('delete-account-submit').click();
  await expect(page).toHaveURL(/\/login$/);
  await reader.reload();
  await expect(reader.getByTestId('shared-missing')).toBeVisible();
  await reader.context().close();
});
