import { expect, test } from './support/fixtures.ts';
import { accessToken, seedConversation } from './support/seed-chat.ts';
import { searchHitOnOtherBranch } from './support/search-branch-journey.ts';

test('on a 390 px phone, Enter in the drawer’s search box shows the results and a result opens its conversation', async ({ page, signUp }) => {
  await signUp('search-mobile');
  const token = await accessToken(page.request);
  const [turn] = await seedConversation(page.request, token, ['熊猫喜欢吃竹子']);
  await page.goto('/chat/new');

  await page.getByTestId('nav-toggle').click();
  await page.getByTestId('search-input').fill('熊猫');
  await page.getByTestId('search-input').press('Enter');
  await expect(page.getByTestId('nav')).toHaveCount(0);
  await expect(page.getByTestId('mobile-title')).toHaveText('Search');
  await expect(page.getByTestId('search-result')).toHaveCount(2);
  const box = await page.getByTestId('search-result').first().boundingBox();
  expect(box!.width).toBeGreaterThan(340);

  await page.getByTestId('search-result').first().click();
  await expect(page).toHaveURL(new RegExp(`/chat/${turn!.conversationId}$`));
  await expect(page.getByTestId('message').first()).toContainText('熊猫喜欢吃竹子');
});

test('on a 390 px phone a search hit on another branch opens that branch, scrolled to the message', async ({ page, signUp }) => {
  test.setTimeout(60_000);
  await signUp('search-branch-mobile');
  await searchHitOnOtherBranch(page, async (query) => {
    await page.getByTestId('nav-toggle').click();
    await page.getByTestId('search-input').fill(query);
    await page.getByTestId('search-input').press('Enter');
  });
});
