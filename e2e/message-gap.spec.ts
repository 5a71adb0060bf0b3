import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { chooseLook } from './support/look.ts';
import { accessToken, renameConversation, seedConversation } from './support/seed-chat.ts';
import { screenshotPath } from './support/screenshot-path.ts';
import { animationsSettled } from './support/animations-settled.ts';

// A user message's toolbar (copy, edit) shows on hover, on keyboard focus and always on a touch
// screen, without leaving a toolbar-high gap between the question and its reply.
const maxGap = 24;

const userMessages = (page: Page) => page.locator('[data-testid="message"][data-role="user"]');
const replies = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');

async function openTwoTurnChat(page: Page, signUp: () => Promise<unknown>) {
  await signUp();
  const token = await accessToken(page.request);
  const turns = await seedConversation(page.request, token, ['How long should green tea steep?', 'And black tea?']);
  await renameConversation(page.request, token, turns[0]!.conversationId, 'Steeping tea');
  await page.goto(`/chat/${turns[0]!.conversationId}`);
  await expect(replies(page).last()).toContainText('Echo: And black tea?');
}

/** The opacity the toolbar button is drawn with once its fade has ended: its own times its ancestors'. */
const drawnOpacity = async (button: Locator) => {
  await animationsSettled(button.page());
  return button.evaluate((el) => {
    let opacity = 1;
    for (let node: Element | null = el; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  });
};

/** Pixels between the bottom of the first question's bubble and the top of its reply's avatar. */
async function gapBelowQuestion(page: Page): Promise<number> {
  const bubble = (await userMessages(page).first().getByTestId('user-bubble').boundingBox())!;
  const avatar = (await replies(page).first().getByTestId('reply-avatar').boundingBox())!;
  return avatar.y - (bubble.y + bubble.height);
}

/** True when the question's toolbar lies over the text of the reply's sender line. */
async function toolbarCoversSender(page: Page): Promise<boolean> {
  const toolbar = (await userMessages(page).first().getByTestId('message-actions').boundingBox())!;
  const sender = await replies(page)
    .first()
    .getByTestId('message-sender')
    .evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const { x, y, width, height } = range.getBoundingClientRect();
      return { x, y, width, height };
    });
  return toolbar.x < sender.x + sender.width && sender.x < toolbar.x + toolbar.width && toolbar.y < sender.y + sender.height && sender.y < toolbar.y + toolbar.height;
}

async function editOpensAndCloses(page: Page, press: (button: Locator) => Promise<void>) {
  await press(userMessages(page).first().getByTestId('edit-message'));
  await expect(page.getByTestId('edit-textarea')).toHaveValue('How long should green tea steep?');
  await page.getByTestId('edit-cancel').click();
  await expect(page.getByTestId('edit-textarea')).toHaveCount(0);
}

async function screenshots(page: Page, viewport: 'desktop' | 'mobile') {
  for (const theme of ['light', 'dark'] as const) {
    await chooseLook(page, theme, 'en');
    await page.reload();
    await expect(replies(page).last()).toContainText('Echo: And black tea?');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: screenshotPath(`thread-${viewport}-${theme}-en.png`) });
  }
}

test(`desktop: at most ${maxGap} px under a question, its toolbar shown on hover and on keyboard focus`, async ({ page, signUp }) => {
  await openTwoTurnChat(page, () => signUp('gap-desktop'));
  const copy = userMessages(page).first().getByTestId('copy-message');

  expect(await gapBelowQuestion(page)).toBeLessThanOrEqual(maxGap);
  await page.mouse.move(0, 0);
  expect(await drawnOpacity(copy)).toBe(0);
  // Hidden, it lets the pointer through to the reply it hangs over.
  const edit = (await userMessages(page).first().getByTestId('edit-message').boundingBox())!;
  await page.mouse.move(edit.x + edit.width / 2, edit.y + edit.height / 2);
  expect(await drawnOpacity(copy)).toBe(0);

  await userMessages(page).first().getByTestId('user-bubble').hover();
  expect(await drawnOpacity(copy)).toBe(1);
  expect(await toolbarCoversSender(page)).toBe(false);
  // Moving from the bubble down to the toolbar keeps it shown and clickable.
  await editOpensAndCloses(page, (button) => button.click());

  await page.mouse.move(0, 0);
  expect(await drawnOpacity(copy)).toBe(0);
  await copy.focus();
  expect(await drawnOpacity(copy)).toBe(1);
  await editOpensAndCloses(page, async (button) => {
    await button.focus();
    await page.keyboard.press('Enter');
  });

  await screenshots(page, 'desktop');
});

test.describe('touch screen, 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test(`at most ${maxGap} px under a question, its toolbar always shown and usable by a tap`, async ({ page, signUp }) => {
    await openTwoTurnChat(page, () => signUp('gap-touch'));
    expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);

    expect(await gapBelowQuestion(page)).toBeLessThanOrEqual(maxGap);
    expect(await drawnOpacity(userMessages(page).first().getByTestId('copy-message'))).toBe(1);
    expect(await toolbarCoversSender(page)).toBe(false);
    await editOpensAndCloses(page, (button) => button.tap());

    await screenshots(page, 'mobile');
  });
});
