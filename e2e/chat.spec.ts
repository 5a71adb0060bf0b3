import type { Page } from '@playwright/test';
import { upstreamModel } from '@parley/core';
import { stackControl } from './support/control.ts';
import { expect, test } from './support/fixtures.ts';

// The provider fakes are shared by every spec. These journeys talk to Anthropic (specs that keep
// the default endpoint talk to OpenAI) and run one after another, so the replies they queue are
// the ones their own messages receive. Each reply is scripted for the model claude-2 calls
// upstream, so the title a finished first reply asks the small model for never takes one meant
// for the next message.
test.describe.configure({ mode: 'serial' });
const fake = 'anthropic';
const pickedModel = 'claude-2';
const model = upstreamModel('anthropic', pickedModel).id;

const messages = (page: Page) => page.getByTestId('message');
const replies = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');
const userMessages = (page: Page) => page.locator('[data-testid="message"][data-role="user"]');

async function send(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  // The button enables once the endpoint and model are known (GET /api/endpoints, /api/models).
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await page.getByTestId('chat-input').press('Enter');
}

/** Waits until no reply is streaming any more (the send button is back). */
async function settled(page: Page) {
  await expect(page.getByTestId('send-button')).toBeVisible({ timeout: 15_000 });
}

/** Picks Anthropic's claude-2 in the model picker; new chats of this browser keep it. */
async function chooseClaude(page: Page) {
  await page.getByTestId('model-picker').click();
  await page.locator(`[data-testid="model-option"][data-model="${pickedModel}"]`).click();
  await expect(page.getByTestId('model-picker')).toHaveText(new RegExp(pickedModel));
}

async function startConversation(page: Page, text: string): Promise<string> {
  await page.goto('/chat/new');
  await send(page, text);
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  await settled(page);
  return page.url().split('/').at(-1)!;
}

test('a conversation streams, stops, regenerates, branches on edit, continues, and reloads as it was', async ({ page, signUp }) => {
  test.setTimeout(120_000);
  await signUp('chat');
  await page.goto('/chat/new');
  await chooseClaude(page);

  await test.step('an example prompt fills the input with its quoted text', async () => {
    await page.getByTestId('example-prompt').first().click();
    await expect(page.getByTestId('chat-input')).toHaveValue('Explain quantum computing in simple terms');
    await page.getByTestId('chat-input').fill('');
  });

  await test.step('Enter sends; the reply streams in, then the URL names the new conversation', async () => {
    await stackControl.enqueue(fake, { model, chunks: ['Streaming ', 'reply ', 'one.'], delayMs: 250 });
    await send(page, 'Hello Parley');
    await expect(userMessages(page).first()).toHaveText(/Hello Parley/);
    await expect(page.locator('[data-testid="message"][data-streaming]')).toBeVisible();
    await expect(page.getByTestId('stop-button')).toBeVisible();
    await expect(replies(page).first()).toContainText('Streaming reply one.');
    await settled(page);
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('endpoint-name')).toHaveText(/Anthropic.*claude-2/);
    // The title model's title comes as the chat stream's last frame: the sidebar and the header
    // show it without asking the server again.
    await expect(page.getByTestId('convo-item').first()).toContainText('Hello Parley');
    await expect(page.getByTestId('chat-title')).toContainText('Hello Parley');
  });

  await test.step('Stop keeps what arrived and frees the input', async () => {
    await stackControl.enqueue(fake, { model, chunks: ['Partial '], hold: true });
    await send(page, 'Tell me a long story');
    await expect(replies(page).last()).toContainText('Partial');
    await page.getByTestId('stop-button').click();
    await settled(page);
    await expect(replies(page).last()).toContainText('Partial');
    await expect(page.getByTestId('message-error')).toHaveCount(0);
  });

  await test.step('Regenerate adds a second version; the switcher goes back to the first', async () => {
    await stackControl.enqueue(fake, { model, chunks: ['Second take.'] });
    await page.getByTestId('regenerate-button').click();
    await expect(replies(page).last()).toContainText('Second take.');
    await settled(page);
    const last = replies(page).last();
    await expect(last.getByTestId('sibling-nav')).toHaveText('2/2');
    await last.getByTestId('sibling-prev').click();
    await expect(replies(page).last().getByTestId('sibling-nav')).toHaveText('1/2');
    await expect(replies(page).last()).toContainText('Partial');
    await replies(page).last().getByTestId('sibling-next').click();
    await expect(replies(page).last()).toContainText('Second take.');
  });

  await test.step('Save & Submit on a user message asks again as a new branch', async () => {
    await stackControl.enqueue(fake, { model, chunks: ['Edited branch reply.'] });
    await userMessages(page).first().hover();
    await userMessages(page).first().getByTestId('edit-message').click();
    await page.getByTestId('edit-textarea').fill('Hello again Parley');
    await page.getByTestId('save-submit').click();
    await expect(replies(page).last()).toContainText('Edited branch reply.');
    await settled(page);
    await expect(messages(page)).toHaveCount(2);
    await expect(userMessages(page).first().getByTestId('sibling-nav')).toHaveText('2/2');
  });

  await test.step('a reply cut off by the length limit can be continued', async () => {
    await stackControl.enqueue(fake, { model, chunks: ['Cut short'], finishReason: 'max_tokens' });
    await send(page, 'Write a poem');
    await settled(page);
    const continueButton = page.getByTestId('continue-button');
    await expect(continueButton).toBeVisible();
    await stackControl.enqueue(fake, { model, chunks: [' and finished.'] });
    await continueButton.click();
    await expect(replies(page).last()).toContainText('Cut short and finished.');
    await settled(page);
    await expect(page.getByTestId('continue-button')).toHaveCount(0);
  });

  await test.step('a reply is saved as edited, then continued from an edited start', async () => {
    await replies(page).last().getByTestId('edit-message').click();
    await page.getByTestId('edit-textarea').fill('Hand-edited reply.');
    await page.getByTestId('save-only').click();
    await expect(replies(page).last()).toContainText('Hand-edited reply.');

    await stackControl.enqueue(fake, { model, chunks: [' then more.'] });
    await replies(page).last().getByTestId('edit-message').click();
    await page.getByTestId('edit-textarea').fill('Rewritten start');
    await page.getByTestId('save-submit').click();
    await expect(replies(page).last()).toContainText('Rewritten start then more.');
    await settled(page);
  });

  await test.step('after a reload the same branch, versions and texts are shown', async () => {
    await page.reload();
    await expect(replies(page).last()).toContainText('Rewritten start then more.');
    await expect(userMessages(page).first()).toContainText('Hello again Parley');
    await expect(userMessages(page).first().getByTestId('sibling-nav')).toHaveText('2/2');
    await userMessages(page).first().getByTestId('sibling-prev').click();
    await expect(replies(page).last()).toContainText('Second take.');
    await expect(replies(page).last().getByTestId('sibling-nav')).toHaveText('2/2');
  });
});

test('a continue that fails keeps the reply and shows the error as its newest sibling, also after a reload', async ({ page, signUp }) => {
  test.setTimeout(60_000);
  await signUp('continue-error');
  await page.goto('/chat/new');
  await chooseClaude(page);
  await stackControl.enqueue(fake, { model, chunks: ['Half a story'], finishReason: 'max_tokens' });
  await send(page, 'Tell me a story');
  await settled(page);

  await stackControl.enqueue(fake, { model, status: 500 });
  await page.getByTestId('continue-button').click();
  await settled(page);
  const errorText = 'The model provider answered with an error. Please try again.';
  const checkBranches = async () => {
    await expect(replies(page).last()).toContainText(errorText);
    await expect(replies(page).last().getByTestId('sibling-nav')).toHaveText('2/2');
    await replies(page).last().getByTestId('sibling-prev').click();
    await expect(replies(page).last()).toContainText('Half a story');
    await expect(replies(page).last()).not.toContainText(errorText);
  };
  await checkBranches();
  await page.reload();
  await checkBranches();
});

test('a reload mid-reply follows the reply to its end', async ({ page, signUp }) => {
  test.setTimeout(60_000);
  await signUp('reload-mid-reply');
  await page.goto('/chat/new');
  await chooseClaude(page);
  const words = Array.from({ length: 80 }, (_, i) => `word${i} `);
  await stackControl.enqueue(fake, { model, chunks: words, delayMs: 100 });
  await send(page, 'Talk slowly');
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  // The sidebar lists the new conversation while its first reply still streams.
  const conversationId = page.url().split('/').at(-1)!;
  await expect(page.locator(`[data-testid="convo-item"][data-conversation-id="${conversationId}"]`)).toBeVisible();
  await expect(replies(page).last()).toContainText('word3 ');
  await page.reload();
  // The whole reply arrives after the reload, and it ends as a finished reply.
  await expect(replies(page).last()).toContainText(words.join('').trim(), { timeout: 20_000 });
  await settled(page);
  await expect(replies(page).last().getByTestId('unfinished-notice')).toHaveCount(0);
  await page.reload();
  await expect(replies(page).last()).toContainText(words.join('').trim());
  await expect(replies(page)).toHaveCount(1);
});

test('a reply whose upstream drops keeps its text and shows the error under it, also after a reload', async ({ page, signUp }) => {
  await signUp('upstream-drops');
  await page.goto('/chat/new');
  await chooseClaude(page);
  await stackControl.enqueue(fake, { model, chunks: ['Everything ', 'shown ', 'stays.'], cut: true });
  await send(page, 'Say something');
  await settled(page);
  const check = async () => {
    const reply = replies(page).last();
    await expect(reply).toContainText('Everything shown stays.');
    await expect(reply.getByTestId('message-error')).toContainText('The model provider answered with an error.');
    await expect(reply.getByTestId('unfinished-notice')).toBeVisible();
  };
  await check();
  await page.reload();
  await check();
});

test('conversations are renamed inline and deleted from their row menu, bulk deleted, and stay so after a reload', async ({ page, signUp }) => {
  test.setTimeout(120_000);
  await signUp('convos');
  await page.goto('/chat/new');
  await chooseClaude(page);
  const first = await startConversation(page, 'First conversation');
  const second = await startConversation(page, 'Second conversation');
  const third = await startConversation(page, 'Third conversation');
  const item = (id: string) => page.locator(`[data-testid="convo-item"][data-conversation-id="${id}"]`);

  await test.step('rename commits on Enter and the header follows', async () => {
    await expect(item(third)).toHaveAttribute('data-active', 'true');
    await item(third).getByTestId('convo-menu').click();
    await page.getByTestId('convo-rename').click();
    await page.getByTestId('convo-rename-input').fill('Renamed chat');
    await page.getByTestId('convo-rename-input').press('Enter');
    await expect(item(third)).toContainText('Renamed chat');
    await expect(page.getByTestId('chat-title')).toHaveText('Renamed chat');
    await expect(page).toHaveTitle('Renamed chat');
  });

  await test.step('the cancel control leaves the title unchanged', async () => {
    await item(third).getByTestId('convo-menu').click();
    await page.getByTestId('convo-rename').click();
    await page.getByTestId('convo-rename-input').fill('Not this');
    await page.getByTestId('convo-rename-cancel').click();
    await expect(item(third)).toContainText('Renamed chat');
  });

  await test.step('deleting the open conversation asks first, then starts a new chat', async () => {
    await item(third).getByTestId('convo-menu').click();
    await page.getByTestId('convo-delete').click();
    await page.getByTestId('confirm-action').click();
    await expect(page).toHaveURL(/\/chat\/new$/);
    await expect(item(third)).toHaveCount(0);
  });

  await test.step('bulk delete removes the ticked conversations one by one', async () => {
    await page.getByTestId('bulk-select').click();
    await item(first).getByTestId('convo-checkbox').check();
    await item(second).getByTestId('convo-checkbox').check();
    await page.getByTestId('bulk-delete').click();
    await page.getByTestId('confirm-action').click();
    await expect(page.getByTestId('convo-item')).toHaveCount(0);
    await expect(page.getByTestId('convo-empty')).toBeVisible();
  });

  await test.step('a reload finds nothing back', async () => {
    await page.reload();
    await expect(page.getByTestId('convo-empty')).toBeVisible();
  });

  await test.step('an unknown conversation id goes to a new chat', async () => {
    await page.goto(`/chat/${first}`);
    await expect(page).toHaveURL(/\/chat\/new$/);
  });
});

test("an upstream that refuses the server's key shows the misconfigured-service text; the message box stays usable and the next question is answered", async ({ page, signUp }) => {
  await signUp('chat-error');
  await page.goto('/chat/new');
  await chooseClaude(page);
  await stackControl.enqueue(fake, { model, status: 401 });
  await send(page, 'Will this work?');
  await expect(page.getByTestId('message-error')).toContainText('The service is misconfigured');
  await settled(page);
  await expect(page.getByTestId('chat-input')).toBeEnabled();
  await expect(page.getByTestId('chat-input')).toHaveAttribute('placeholder', 'Send a message…');
  await send(page, 'And now?');
  await settled(page);
  await expect(userMessages(page).last()).toContainText('And now?');
  await expect(replies(page).last()).not.toHaveAttribute('data-error', 'true');
  await expect(replies(page).last().getByTestId('message-error')).toHaveCount(0);
});

test('a long reply is followed to its end; read from further up, the scroll-down button brings the end back', async ({ page, signUp }) => {
  await signUp('chat-scroll');
  await page.goto('/chat/new');
  await chooseClaude(page);
  const longReply = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} of a long answer.\n\n`);
  const scrollDown = page.getByTestId('scroll-to-bottom');

  // Slow enough to outlast the opening moment when a new thread keeps itself pinned to the end.
  await stackControl.enqueue(fake, { model, chunks: longReply, delayMs: 40 });
  await send(page, 'Write a lot');
  await settled(page);
  await expect(replies(page).last().getByText('Paragraph 60 of a long answer.')).toBeInViewport();
  await expect(scrollDown).toBeHidden();

  await page.getByTestId('thread').evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(scrollDown).toBeVisible();
  await scrollDown.click();
  await expect(scrollDown).toBeHidden();
  await expect(replies(page).last().getByText('Paragraph 60 of a long answer.')).toBeInViewport();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a message is sent and answered, and the conversation is in the drawer', async ({ page, signUp }) => {
    await signUp('chat-mobile');
    await page.goto('/chat/new');
    await chooseClaude(page);
    await expect(page.getByTestId('regenerate-button')).toHaveCount(0);
    await send(page, 'Hi from a phone');
    await expect(replies(page).last()).toContainText('Echo: Hi from a phone');
    await settled(page);
    await expect(page.getByTestId('regenerate-button')).toBeHidden();
    const box = await page.getByTestId('chat-input').boundingBox();
    expect(box!.width).toBeGreaterThan(250);
    await page.getByTestId('nav-toggle').click();
    await expect(page.getByTestId('convo-item')).toHaveCount(1);
  });
});
