import { keyJourney, keysModeEnv } from './support/access-journey.ts';
import { test } from './support/fixtures.ts';
import { ownStack } from './support/own-stack.ts';

const stack = ownStack(keysModeEnv);

test('on a phone: the key from the welcome modal, chat, quota lookup and a pack bought on the gateway', async ({ page }) => {
  test.setTimeout(90_000);
  await keyJourney(page, stack, { quotaTitle: 'Quota management', creating: 'Creating order...' });
});
