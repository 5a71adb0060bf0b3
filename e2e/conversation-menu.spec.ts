import { expect, test } from './support/fixtures.ts';
import { chooseLook } from './support/look.ts';
import { accessToken, renameConversation, seedConversation } from './support/seed-chat.ts';
import { screenshotPath } from './support/screenshot-path.ts';

test('with a mouse a row shows its ⋯ menu on hover or focus only, and a right click opens the same menu', async ({ page, signUp }) => {
  await signUp('row-menu');
  const token = await accessToken(page.request);
  const [turn] = await seedConversation(page.request, token, ['Where should we eat tonight?']);
  await renameConversation(page.request, token, turn!.conversationId, 'Dinner plans for Friday');
  await page.goto('/chat/new');
  const row = page.locator(`[data-testid="convo-item"][data-conversation-id="${turn!.conversationId}"]`);
  const button = row.getByTestId('convo-menu');

  await expect(row).toBeVisible();
  await expect(button).toHaveCSS('opacity', '0');
  await row.hover();
  await expect(button).toHaveCSS('opacity', '1');
  await page.mouse.move(900, 400);
  await expect(button).toHaveCSS('opacity', '0');

  await row.click({ button: 'right' });
  await expect(page.getByTestId('convo-menu-content')).toBeVisible();
  await expect(page).toHaveURL(/\/chat\/new$/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('convo-menu-content')).toBeHidden();

  // The closed menu hands focus back to the row a moment later; a focus set before that is taken away again.
  await expect(async () => {
    await page.getByTestId('convo-link').focus();
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused({ timeout: 1000 });
  }).toPass();
  await expect(button).toHaveCSS('opacity', '1');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('convo-rename')).toBeFocused();

  for (const [theme, lang] of [['light', 'en'], ['dark', 'zh']] as const) {
    await chooseLook(page, theme, lang);
    await page.reload();
    await row.hover();
    await button.click();
    await expect(page.getByTestId('convo-delete')).toHaveText(lang === 'zh' ? '删除' : 'Delete');
    await page.screenshot({ path: screenshotPath(`desktop-convo-menu-${theme}-${lang}.png`) });
  }
});
