import { test } from './support/fixtures.ts';
import { readerAboveStaysPut } from './support/follow-journey.ts';

// On a phone, scrolled up by a finger while the reply ends (issue 29). Scripted for gpt-4, like chat-follow.spec.ts.
test.describe.configure({ mode: 'serial' });

for (const firstMessage of [true, false]) {
  test(`a reader who scrolled up on a phone stays put when the reply finishes (${firstMessage ? 'new conversation' : 'second message'})`, async ({ page, signUp }) => {
    await signUp('follow-stay-phone');
    await readerAboveStaysPut(page, firstMessage);
  });
}
