import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { chooseLook } from './support/look.ts';
import { accessToken, renameConversation, seedConversation } from './support/seed-chat.ts';
import { screenshotPath } from './support/screenshot-path.ts';

/** Touch-and-hold on a row, held until its menu shows (Chromium's touch emulation through CDP), then lifted. */
async function longPress(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error('the row to hold is not on screen');
  const point = { x: box.x + 48, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await expect(page.getByTestId('convo-menu-content')).toBeVisible();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const focusInNav = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="nav"]')));

test('the phone drawer keeps Tab inside it, closes on Escape and gives focus back to its toggle', async ({ page, signUp }) => {
  await signUp('drawer-keys');
  await page.goto('/chat/new');
  await page.getByTestId('nav-toggle').click();
  const drawer = page.getByTestId('nav');
  await expect(drawer).toBeVisible();
  await expect.poll(() => focusInNav(page)).toBe(true);

  // More presses than the drawer has stops: focus must wrap around, never reach the page behind.
  for (let press = 0; press < 12; press++) {
    await page.keyboard.press('Tab');
    expect(await focusInNav(page), `after Tab ${press + 1}`).toBe(true);
  }
  for (let press = 0; press < 6; press++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInNav(page), `after Shift+Tab ${press + 1}`).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('nav-toggle')).toBeFocused();
});

test('a long press on a conversation opens its menu; the menu renames it and Escape closes only the menu', async ({ page, signUp }) => {
  test.setTimeout(90_000);
  await signUp('drawer-menu');
  const token = await accessToken(page.request);
  const [older] = await seedConversation(page.request, token, ['Plan a weekend in Kyoto']);
  const [newer] = await seedConversation(page.request, token, ['Summarise the quarterly budget']);
  await renameConversation(page.request, token, older!.conversationId, 'Weekend in Kyoto: temples, food and a day trip to Nara');
  await renameConversation(page.request, token, newer!.conversationId, 'Quarterly budget review 季度预算');
  await page.goto('/chat/new');
  await page.getByTestId('nav-toggle').click();
  const row = page.locator(`[data-testid="convo-item"][data-conversation-id="${older!.conversationId}"]`);
  await expect(row).toBeVisible();

  await test.step('on a touch screen every row shows its one ⋯ button, and the title keeps the rest of the row', async () => {
    await expect(row.getByTestId('convo-menu')).toHaveCSS('opacity', '1');
    await expect(row.getByRole('button')).toHaveCount(1);
    const title = await row.getByTestId('convo-link').boundingBox();
    expect(title!.width).toBeGreaterThan(200);
  });

  await test.step('holding the row opens the menu without opening the conversation', async () => {
    await longPress(page, row.getByTestId('convo-link'));
    for (const item of ['convo-rename', 'convo-export', 'convo-delete']) await expect(page.getByTestId(item)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('convo-menu-content')).toBeHidden();
    await expect(page.getByTestId('nav')).toBeVisible();
    await expect(page).toHaveURL(/\/chat\/new$/);
  });

  await test.step('rename from the menu edits the title in place', async () => {
    await longPress(page, row.getByTestId('convo-link'));
    await page.getByTestId('convo-rename').click();
    const input = page.getByTestId('convo-rename-input');
    await expect(input).toBeFocused();
    await input.fill('Kyoto and Nara');
    await input.press('Enter');
    await expect(row).toContainText('Kyoto and Nara');
    await expect(page.getByTestId('nav')).toBeVisible();
  });

  await test.step('screenshots of the open menu: light and dark, English and Chinese', async () => {
    for (const [theme, lang] of [['light', 'en'], ['dark', 'en'], ['light', 'zh'], ['dark', 'zh']] as const) {
      await chooseLook(page, theme, lang);
      await page.reload();
      await page.getByTestId('nav-toggle').click();
      await longPress(page, row.getByTestId('convo-link'));
      await expect(page.getByTestId('convo-rename')).toHaveText(lang === 'zh' ? '重命名' : 'Rename');
      await page.screenshot({ path: screenshotPath(`mobile-drawer-menu-${theme}-${lang}.png`) });
    }
  });
});

test('the message box is at least 16 px on a phone, so iOS does not zoom into it', async ({ page, signUp }) => {
  await signUp('input-font');
  await page.goto('/chat/new');
  const size = await page.getByTestId('chat-input').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThanOrEqual(16);
});

test('table cells in a reply wrap between words and never break a long word', async ({ page, signUp }) => {
  await signUp('table-words');
  const token = await accessToken(page.request);
  const words = ['Donaudampfschifffahrtsgesellschaft', 'Rechtsschutzversicherungsgesellschaften', 'Kraftfahrzeughaftpflichtversicherung'];
  const table = `Compound words:\n\n| ${words.join(' | ')} |\n| --- | --- | --- |\n| ${words.map((w) => `${w} and more`).join(' | ')} |\n`;
  const [turn] = await seedConversation(page.request, token, [table]);
  await page.goto(`/chat/${turn!.conversationId}`);
  const rendered = page.locator('.markdown table');
  await expect(rendered).toBeVisible();

  // Each long word is on one line: the range around it has a single box.
  const linesPerWord = await rendered.evaluate((el, list) => {
    const counts: number[] = [];
    for (const cell of Array.from(el.querySelectorAll('th, td'))) {
      const text = cell.firstChild;
      const word = list.find((w) => text?.textContent?.includes(w));
      if (!text || !word) continue;
      const range = document.createRange();
      const start = text.textContent!.indexOf(word);
      range.setStart(text, start);
      range.setEnd(text, start + word.length);
      counts.push(new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size);
    }
    return counts;
  }, words);
  expect(linesPerWord).toHaveLength(6);
  expect(linesPerWord.every((lines) => lines === 1)).toBe(true);
  // The wide table scrolls inside its own box instead of widening the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
