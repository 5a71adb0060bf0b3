import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { accessToken, ask, seedConversation } from './seed-chat.ts';

const filler = (n: number) => `Filler ${n}: ${'a long line of words that fills the thread so the conversation needs scrolling. '.repeat(6)}`;

/**
 * A conversation whose older branch holds the word searched for, far up: a hit there opens the
 * conversation on that branch, scrolled to the message, marked. `openSearch` types the query
 * where the viewport has its search box.
 */
export async function searchHitOnOtherBranch(page: Page, openSearch: (query: string) => Promise<void>) {
  const token = await accessToken(page.request);
  const word = `quokka${Math.random().toString(36).slice(2, 8)}`;
  const turns = await seedConversation(page.request, token, ['Where do we start?', `The older branch mentions a ${word} here.`, ...[1, 2, 3, 4, 5, 6].map(filler)]);
  const first = turns[0]!;
  // A newer sibling of the second message: the thread now opens on its branch, without the word.
  await ask(page.request, token, { text: 'A newer second message on another branch.', conversationId: first.conversationId, parentMessageId: first.replyId });
  await page.goto(`/chat/${first.conversationId}`);
  await expect(page.getByTestId('message').filter({ hasText: 'A newer second message' }).first()).toBeVisible();
  await expect(page.getByText(word)).toHaveCount(0);

  await openSearch(word);
  const hit = page.locator(`[data-testid="search-result"][data-message-id="${turns[1]!.requestId}"]`);
  await expect(hit).toBeVisible();
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/chat/${first.conversationId}$`));
  const marked = page.locator('[data-search-hit]');
  await expect(marked).toContainText(word);
  await expect(marked.getByText(`The older branch mentions a ${word} here.`)).toBeInViewport();
  // The branch switcher of that level shows the older sibling.
  await expect(marked.getByTestId('sibling-nav')).toHaveText('1/2');
}
