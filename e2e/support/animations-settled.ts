import type { Locator, Page } from '@playwright/test';

/**
 * Waits for the animations in `where` (the whole page, or one element and what it holds) to end,
 * so a picture or a measurement shows the finished state. An animation cancelled on the way (the
 * element re-rendered) counts as ended, and one that repeats for ever (a spinner) is not waited for.
 */
export async function animationsSettled(where: Page | Locator): Promise<void> {
  const root = 'goto' in where ? where.locator(':root') : where;
  await root.evaluate((el) =>
    Promise.all(
      el
        .getAnimations({ subtree: true })
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
