import type { Page } from '@playwright/test';
import { RECENT_MESSAGES_COUNT } from '@parley/core';
import { expect, test } from './support/fixtures.ts';
import { accessToken, seedConversation } from './support/seed-chat.ts';

// A long conversation opens with the end of its shown branch, and the rest of its tree arrives
// after (issue 16: a 2,000-message conversation interactive within 1.5 s). One more turn than
// the recent messages hold, so the first question comes only with the rest.
const turns = RECENT_MESSAGES_COUNT / 2 + 2;
const questions = Array.from({ length: turns }, (_, i) => `Question ${i + 1} of a long conversation.`);

const thread = (page: Page) => page.getByTestId('thread');
/** The message whose text is exactly `text` (a question, not the reply that echoes it). */
const message = (page: Page, text: string) => page.getByTestId('message').getByText(text, { exact: true });

async function seedLongConversation(page: Page, signUp: () => Promise<unknown>): Promise<string> {
  await signUp();
  const seeded = await seedConversation(page.request, await accessToken(page.request), questions);
  return seeded[0]!.conversationId;
}

/** Holds back the answer of the whole message list until `release` is called. */
async function holdWholeList(page: Page, conversationId: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(
    (url) => url.pathname.startsWith('/api/messages/'),
    async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      if (new URL(route.request().url()).pathname === `/api/messages/${conversationId}`) await released;
      await route.continue();
    },
  );
  return { release, asked };
}

test('a long conversation opens on its last reply, usable before the rest of it has arrived', async ({ page, signUp }) => {
  const conversationId = await seedLongConversation(page, signUp);
  const whole = await holdWholeList(page, conversationId);
  await page.goto(`/chat/${conversationId}`);
  await expect(message(page, `Echo: ${questions.at(-1)}`)).toBeInViewport();
  await expect(page.getByTestId('chat-input')).toBeEnabled();
  expect(whole.asked).toEqual([`/api/messages/${conversationId}/recent`, `/api/messages/${conversationId}`]);

  // The reader scrolls to the top of what is there: the third question, as the first two come with the rest.
  await thread(page).evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(message(page, questions[2]!)).toBeInViewport();
  await expect(message(page, questions[0]!)).toHaveCount(0);
  const before = await message(page, questions[2]!).boundingBox();

  // The rest arrives above: the rows being read stay where they were on screen.
  whole.release();
  await expect.poll(() => thread(page).evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await expect(message(page, questions[2]!)).toBeInViewport();
  const after = await message(page, questions[2]!).boundingBox();
  expect(Math.abs(after!.y - before!.y)).toBeLessThan(40);
  await expect(page.getByTestId('scroll-to-bottom')).toBeVisible();

  // And it is all there: the first question at the top.
  await thread(page).evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(message(page, questions[0]!)).toBeInViewport();
});

test('a reader who stays at the bottom of a long conversation stays there as the rest arrives', async ({ page, signUp }) => {
  const conversationId = await seedLongConversation(page, signUp);
  const whole = await holdWholeList(page, conversationId);
  await page.goto(`/chat/${conversationId}`);
  const last = message(page, `Echo: ${questions.at(-1)}`);
  await expect(last).toBeInViewport();
  whole.release();
  await expect.poll(() => thread(page).evaluate((el) => el.scrollHeight)).toBeGreaterThan(turns * 2 * 60);
  await expect(last).toBeInViewport();
  await expect(page.getByTestId('scroll-to-bottom')).toBeHidden();

  // A question sent now goes under the last reply, and the whole thread is still there above it.
  await page.getByTestId('chat-input').fill('One more question');
  await page.getByTestId('chat-input').press('Enter');
  await expect(message(page, 'Echo: One more question')).toBeInViewport();
  await thread(page).evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(message(page, questions[0]!)).toBeInViewport();
});
