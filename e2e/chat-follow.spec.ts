import type { Page } from '@playwright/test';
import { upstreamModel } from '@parley/core';
import { stackControl } from './support/control.ts';
import { expect, test } from './support/fixtures.ts';
import { accessToken, seedConversation } from './support/seed-chat.ts';
import { screenshotPath } from './support/screenshot-path.ts';
import { readerAboveStaysPut } from './support/follow-journey.ts';

// Following a streaming reply (issue 16). These replies are scripted for OpenAI's gpt-4, which no
// other spec scripts; the tests run one after another so each message takes its own reply.
test.describe.configure({ mode: 'serial' });
const fake = 'openai';
const pickedModel = 'gpt-4';
const model = upstreamModel('openAI', pickedModel).id;

const replies = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');
const thread = (page: Page) => page.getByTestId('thread');
const scrollDown = (page: Page) => page.getByTestId('scroll-to-bottom');
const paragraphs = (count: number, label = 'Paragraph') => Array.from({ length: count }, (_, i) => `${label} ${i + 1} of a long answer, with enough words to fill a line of the thread.\n\n`);

async function start(page: Page) {
  await page.goto('/chat/new');
  await page.getByTestId('model-picker').click();
  await page.locator(`[data-testid="model-option"][data-endpoint="openAI"][data-model="${pickedModel}"]`).click();
  await expect(page.getByTestId('model-picker')).toHaveText(new RegExp(pickedModel));
}

async function send(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await page.getByTestId('chat-input').press('Enter');
}

/** How far the end of the thread lies below the view, in px. */
const unseenBelow = (page: Page) => thread(page).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
/**
 * Whether each row drawn sits right below the one before, where the virtualizer placed it: after
 * the view changes size, the rows have re-measured at their new height.
 */
const rowsMeasured = (page: Page) =>
  thread(page).evaluate((el) => {
    const rows = Array.from(el.querySelectorAll<HTMLElement>(':scope > div > [data-index]')).sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
    const startOf = (row: HTMLElement) => Number(/translateY\(([-\d.]+)px\)/.exec(row.style.transform)?.[1]);
    return rows.every((row, i) => {
      const next = rows[i + 1];
      if (!next || Number(next.dataset.index) !== Number(row.dataset.index) + 1) return true;
      return Math.abs(startOf(row) + row.getBoundingClientRect().height - startOf(next)) < 1;
    });
  });
const streaming = (page: Page) => expect(page.getByTestId('stop-button')).toBeVisible();
const settled = (page: Page) => expect(page.getByTestId('send-button')).toBeVisible({ timeout: 20_000 });

test('a streaming reply is followed while the reader stays at the bottom', async ({ page, signUp }) => {
  await signUp('follow-bottom');
  await start(page);
  await stackControl.enqueue(fake, { model, chunks: paragraphs(50), delayMs: 60 });
  await send(page, 'Write a long answer');
  await streaming(page);
  // Well past the opening moment that pins a new thread, the text keeps arriving below the fold:
  // at each of these paragraphs' arrival the view has followed it.
  for (const paragraph of [25, 29, 33, 37, 41]) {
    await expect(replies(page).last()).toContainText(`Paragraph ${paragraph} of a long answer`);
    await expect.poll(() => unseenBelow(page), { timeout: 1000 }).toBeLessThanOrEqual(80);
    await expect(scrollDown(page)).toBeHidden();
  }
  await settled(page);
  await expect(replies(page).last().getByText('Paragraph 50 of a long answer')).toBeInViewport();
  await expect(scrollDown(page)).toBeHidden();
});

test('scrolling up stops following at once; back at the bottom it follows again', async ({ page, signUp }) => {
  await signUp('follow-up');
  await start(page);
  await stackControl.enqueue(fake, { model, chunks: paragraphs(70), delayMs: 70 });
  await send(page, 'Write another long answer');
  await streaming(page);
  await expect(replies(page).last()).toContainText('Paragraph 12 of a long answer');

  await thread(page).hover();
  await page.mouse.wheel(0, -400);
  await expect(scrollDown(page)).toBeVisible();
  const top = await thread(page).evaluate((el) => el.scrollTop);
  await expect(replies(page).last()).toContainText('Paragraph 30 of a long answer');
  // The text grew by many lines, but the view stayed where the reader left it.
  expect(await thread(page).evaluate((el) => el.scrollTop)).toBe(top);
  expect(await unseenBelow(page)).toBeGreaterThan(300);

  await scrollDown(page).click();
  await expect(scrollDown(page)).toBeHidden();
  await expect(replies(page).last()).toContainText('Paragraph 45 of a long answer');
  await expect.poll(() => unseenBelow(page), { timeout: 1000 }).toBeLessThanOrEqual(80);
  await settled(page);
  await expect(replies(page).last().getByText('Paragraph 70 of a long answer')).toBeInViewport();
});

for (const firstMessage of [true, false]) {
  test(`a reader who scrolled up stays put when the reply finishes (${firstMessage ? 'a new conversation, with its title' : 'a second message'})`, async ({ page, signUp }) => {
    await signUp('follow-stay');
    await readerAboveStaysPut(page, firstMessage);
  });
}

test('with autoScroll on, the reply is followed even after scrolling up', async ({ page, signUp }) => {
  await signUp('follow-always');
  await start(page);
  await page.evaluate(() => localStorage.setItem('autoScroll', 'true'));
  await stackControl.enqueue(fake, { model, chunks: paragraphs(60), delayMs: 50 });
  await send(page, 'Write a long answer, always followed');
  await streaming(page);
  await expect(replies(page).last()).toContainText('Paragraph 10 of a long answer');
  await thread(page).hover();
  await page.mouse.wheel(0, -600);
  await settled(page);
  await expect(replies(page).last().getByText('Paragraph 60 of a long answer')).toBeInViewport();
  await expect(scrollDown(page)).toBeHidden();
});

test('a reader at the bottom stays there when the view changes size, as when a phone turns or its keyboard opens', async ({ page, signUp }) => {
  await signUp('follow-resize');
  const turns = await seedConversation(page.request, await accessToken(page.request), [
    paragraphs(6, 'First').join(''),
    paragraphs(6, 'Second').join(''),
    // The last reply fits the wide view whole; narrowed, it wraps into many more lines below its start.
    paragraphs(3, 'Third').join(''),
  ]);
  await page.goto(`/chat/${turns[0]!.conversationId}`);
  const lastLine = replies(page).last().getByText('Third 3 of a long answer', { exact: false });
  await expect(lastLine).toBeInViewport();
  for (const [width, height] of [
    [390, 844],
    [390, 500],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Once the rows have re-measured at the new width, the end must still be in view.
    await expect.poll(() => rowsMeasured(page)).toBe(true);
    await expect.poll(() => unseenBelow(page)).toBeLessThanOrEqual(80);
    await expect(lastLine).toBeInViewport({ ratio: 1 });
    await expect(scrollDown(page)).toBeHidden();
  }

  // A reader who scrolled up keeps reading where they were: nothing pulls them down.
  await thread(page).evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(scrollDown(page)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => rowsMeasured(page)).toBe(true);
  expect(await thread(page).evaluate((el) => el.scrollTop)).toBeLessThan(100);
});

const streamedEn = [
  'Here is a plan for learning to cook in a month.\n\n',
  '## Week 1: knife skills and eggs\n\n',
  '- Practise dicing an onion every day until the pieces come out even.\n',
  '- Cook eggs five ways: boiled, poached, scrambled, fried and as an omelette.\n\n',
  '## Week 2: soups and sauces\n\n',
  'A good stock is the base of most soups. Simmer bones and vegetables for three hours, then strain:\n\n',
  '```python\ndef stock(bones, vegetables, hours=3):\n    pot = simmer(bones + vegetables, hours)\n    return strain(pot)\n```\n\n',
  '## Week 3: roasting\n\n',
  'Roast a chicken at 200 °C for about an hour, until the juices run clear. Rest it for ten minutes before carving, ',
  'so the meat stays moist. Roast vegetables alongside it: potatoes, carrots and onions all take about the same time.\n\n',
  '## Week 4: bread\n\n',
  'Start with a simple loaf of flour, water, salt and yeast, and knead it for ten minutes.',
];
const streamedZh = [
  '这是一个用一个月学会做饭的计划。\n\n',
  '## 第一周：刀工和鸡蛋\n\n',
  '- 每天练习切洋葱丁，直到切得大小均匀。\n',
  '- 用五种方法做鸡蛋：水煮、水波、炒、煎和蛋卷。\n\n',
  '## 第二周：汤和酱汁\n\n',
  '好的高汤是大多数汤的基础。把骨头和蔬菜炖三个小时，然后过滤：\n\n',
  '```python\ndef stock(bones, vegetables, hours=3):\n    pot = simmer(bones + vegetables, hours)\n    return strain(pot)\n```\n\n',
  '## 第三周：烤\n\n',
  '用 200 °C 烤一只鸡大约一小时，直到汁水清澈。切之前静置十分钟，',
  '这样肉会保持多汁。同时烤些蔬菜：土豆、胡萝卜和洋葱所需时间差不多。\n\n',
  '## 第四周：面包\n\n',
  '从最简单的面包开始：面粉、水、盐和酵母，揉十分钟。',
];

for (const [viewport, width, height, theme, lang, short] of [
  ['desktop', 1280, 800, 'light', 'en-US', 'en'],
  ['desktop', 1280, 800, 'dark', 'zh-CN', 'zh'],
  ['mobile', 390, 844, 'light', 'zh-CN', 'zh'],
  ['mobile', 390, 844, 'dark', 'en-US', 'en'],
] as const) {
  test(`screenshot of a reply streaming in: ${viewport} ${theme} ${short}`, async ({ page, signUp }) => {
    await page.setViewportSize({ width, height });
    await page.addInitScript(({ lang, theme }) => {
      localStorage.setItem('lang', lang);
      localStorage.setItem('color-theme', theme);
    }, { lang, theme });
    await signUp('follow-shot');
    await start(page);
    const chunks = short === 'zh' ? streamedZh : streamedEn;
    // Quick up to the last paragraph, which then stays open long enough for the picture.
    await stackControl.enqueue(fake, { model, chunks: [...chunks, ...Array.from({ length: 40 }, () => ' ')], delayMs: 150 });
    await send(page, short === 'zh' ? '我想在一个月内学会做饭，给我一个计划。' : 'Give me a plan to learn to cook in a month.');
    await streaming(page);
    // The last paragraph is in, and the view has followed it.
    await expect(replies(page).last()).toContainText(chunks.at(-1)!.slice(0, 12));
    await expect.poll(() => rowsMeasured(page)).toBe(true);
    await expect.poll(() => unseenBelow(page)).toBeLessThanOrEqual(80);
    await page.screenshot({ path: screenshotPath(`chat-streaming-${viewport}-${theme}-${short}.png`) });
    expect(await unseenBelow(page)).toBeLessThanOrEqual(80);
    await settled(page);
  });
}
