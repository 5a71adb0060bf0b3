import { freePort, startBingFake, startStack, type BingFake, type Stack } from '@parley/testkit';
import type { Page } from '@playwright/test';
import { expectNoSeriousAxe } from './support/axe.ts';
import { expect, newAccountDetails, test } from './support/fixtures.ts';
import { chooseLook } from './support/look.ts';
import { screenshotPath } from './support/screenshot-path.ts';

// Bing is off unless its key is set, and the protocol is fixed at start: this journey runs its own
// stack (Copilot, each user's own token) against the Copilot fake, in one worker, in order.
test.describe.configure({ mode: 'default' });
let stack: Stack | undefined;
let fake: BingFake | undefined;
const url = () => stack!.url;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await startBingFake();
  stack = await startStack({ port: await freePort(), env: { BINGAI_API_KEY: 'user_provided', BINGAI_BASE_URL: fake.url, BINGAI_PROTOCOL: 'copilot' } });
});

test.afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

const replies = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');

/** A new account on a new Bing chat, its own token set through "Set Token". */
async function openBing(page: Page, token: string) {
  const account = newAccountDetails('bing');
  const registered = await page.request.post(`${url()}/api/auth/register`, { data: { ...account, confirm_password: account.password } });
  expect(registered.status()).toBe(200);
  await page.goto(`${url()}/chat/new`);
  await page.getByTestId('new-convo-menu').click();
  await page.locator('[data-testid="new-convo-endpoint"][data-endpoint="bingAI"]').click();
  await page.getByTestId('set-key-button').click();
  const dialog = page.getByTestId('key-dialog');
  await dialog.getByTestId('key-input').fill(token);
  await dialog.getByTestId('key-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('send-button')).toBeVisible();
}

async function send(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  // Right after a reload the chat may not take a message yet: Enter then would leave it in the box.
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await page.getByTestId('chat-input').press('Enter');
}

/** English and Chinese, light and dark; `ready` brings the view back after each reload (a panel reopened). */
async function shoot(page: Page, name: string, locator: ReturnType<Page['locator']>, ready?: () => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    for (const lang of ['en', 'zh'] as const) {
      await chooseLook(page, theme, lang);
      await page.reload();
      await expect(page.getByTestId('chat-input')).toBeVisible();
      await ready?.();
      await expect(locator).toBeVisible();
      await page.screenshot({ path: screenshotPath(`bing-${name}-desktop-${theme}-${lang}.png`) });
    }
  }
  await chooseLook(page, 'light', 'en');
  await page.reload();
}

test('settings: tones and Sydney mode above a new chat, remembered; the context field counts its tokens and warns past 7k', async ({ page }) => {
  test.setTimeout(180_000);
  await openBing(page, fake!.validKey);
  const bar = page.getByTestId('bing-tone-bar');
  await expect(bar.getByTestId('bing-tone-creative')).toHaveAttribute('aria-checked', 'true');
  await bar.getByTestId('bing-tone-precise').click();
  await bar.getByTestId('bing-sydney-switch').click();
  await expect(bar.getByTestId('bing-tone-precise')).toHaveAttribute('aria-checked', 'true');
  await expect(bar.getByTestId('bing-sydney-switch')).toHaveAttribute('aria-checked', 'true');
  await expectNoSeriousAxe(page, 'a new Bing chat with its tones');
  // lastBingSettings: a reload keeps the choice.
  await page.reload();
  await expect(page.getByTestId('bing-tone-precise')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('bing-sydney-switch')).toHaveAttribute('aria-checked', 'true');

  await page.getByTestId('options-settings-toggle').click();
  const panel = page.getByTestId('settings-popover');
  await expect(panel.getByTestId('param-toneStyle')).toHaveValue('precise');
  const count = panel.getByTestId('bing-context-tokens');
  await panel.getByTestId('param-context').fill('The quick brown fox jumps over the lazy dog.');
  await expect(count).toHaveText(/^\d+ \/ ~7000 tokens$/);
  expect(Number((await count.textContent())!.split(' ')[0])).toBeGreaterThan(5);
  await expect(count).not.toHaveClass(/text-red/);
  await panel.getByTestId('param-context').fill('lorem ipsum dolor sit amet '.repeat(1500));
  await expect(count).toHaveClass(/text-red/);
  await panel.getByTestId('param-context').fill('A page about foxes.');
  await panel.getByTestId('param-systemMessage').fill('You are Sydney, a fox expert.');
  await expect(count).toHaveText(/^\d+ \/ ~7000 tokens$/);
  await shoot(page, 'settings', panel, async () => {
    await page.getByTestId('options-settings-toggle').click();
    await expect(count).toHaveText(/\d+ \/ ~7\s?000/);
  });
  await shoot(page, 'tones', page.getByTestId('bing-tone-bar'));

  // What the panel set goes upstream: Sydney mode's system message and the context, on Copilot's reasoning mode.
  await send(page, 'settings-check hello');
  await expect(replies(page).last()).toContainText('settings-check hello', { timeout: 15_000 });
  const sent = fake!.requests.findLast((r) => JSON.stringify(r.body ?? '').includes('settings-check'))!.body as { mode: string; content: { text: string }[] };
  expect(sent.mode).toBe('reasoning');
  expect(sent.content[0]!.text).toContain('You are Sydney, a fox expert.');
  expect(sent.content[0]!.text).toContain('A page about foxes.');
});

test('three turns continue one upstream conversation after a server restart, with numbered sources and follow-up chips', async ({ page }) => {
  test.setTimeout(180_000);
  await openBing(page, fake!.validKey);
  fake!.enqueue({
    mentioning: 'orchard-one',
    chunks: ['Apples grow ', 'in orchards.'],
    bing: { citations: [{ url: 'https://example.com/apples', title: 'All about apples' }, { url: 'https://example.org/orchards', title: 'Orchards' }], suggestions: ['orchard-two: which apples keep best?', 'Tell me about pears'] },
  });
  await send(page, 'orchard-one where do apples grow?');
  const first = replies(page).last();
  await expect(first).toContainText('Apples grow in orchards.', { timeout: 15_000 });
  const sources = first.getByTestId('reply-sources');
  await expect(sources.getByRole('link')).toHaveCount(2);
  await expect(sources.getByRole('link').first()).toHaveAttribute('href', 'https://example.com/apples');
  await expect(sources.getByRole('link').first()).toContainText('1');
  await expect(sources.getByRole('link').first()).toContainText('All about apples');
  const chips = page.getByTestId('follow-up-chips');
  await expect(chips.getByRole('button')).toHaveCount(2);
  await expectNoSeriousAxe(page, 'a Bing reply with its sources and follow-up chips');
  await shoot(page, 'sources', page.getByTestId('follow-up-chips'));

  await page.getByTestId('follow-up-chips').getByRole('button', { name: 'orchard-two: which apples keep best?' }).click();
  await expect(page.getByTestId('chat-input')).toHaveValue('orchard-two: which apples keep best?');
  await page.getByTestId('chat-input').press('Enter');
  await expect(replies(page).last()).toContainText('(turn 2)', { timeout: 15_000 });
  await expect(page.getByTestId('follow-up-chips')).toHaveCount(0);

  await stack!.restartParley();
  await page.reload();
  await expect(replies(page)).toHaveCount(2);
  await send(page, 'orchard-three and after the restart?');
  await expect(replies(page).last()).toContainText('orchard-three and after the restart? (turn 3)', { timeout: 20_000 });
  const conversation = [...fake!.copilot.values()].find((c) => c.sent[0]?.includes('orchard-one'))!;
  expect(conversation.sent).toHaveLength(3);
});

test('stop keeps what streamed and closes the upstream socket', async ({ page }) => {
  test.setTimeout(90_000);
  await openBing(page, fake!.validKey);
  fake!.enqueue({ mentioning: 'never-ending', chunks: ['Once upon ', 'a time'], hold: true });
  await send(page, 'never-ending story please');
  await expect(replies(page).last()).toContainText('Once upon a time', { timeout: 15_000 });
  const socket = fake!.requests.findLastIndex((r) => r.path === '/c/api/chat');
  await page.getByTestId('stop-button').click();
  await fake!.waitForDisconnect(socket, 10_000);
  await expect(page.getByTestId('send-button')).toBeVisible();
  await page.reload();
  await expect(replies(page).last()).toContainText('Once upon a time');
});

test('an expired token asks for a new one, and a human check is named, never shown as its page', async ({ page }) => {
  test.setTimeout(180_000);
  await openBing(page, 'expired-token-of-yesterday');
  await send(page, 'hello with an old token');
  const error = page.getByTestId('message-error').last();
  await expect(error).toContainText("Invalid API key. Please check your key and set it again with the model logo and 'Set Token'.", { timeout: 15_000 });
  await shoot(page, 'expired', page.getByTestId('message-error'));

  await openBing(page, 'cloudflare-blocked-token');
  await send(page, 'hello behind a challenge');
  const challenge = page.getByTestId('message-error').last();
  await expect(challenge).toContainText('Cloudflare challenge', { timeout: 15_000 });
  await expect(challenge).not.toContainText('<html');
  await expect(challenge).not.toContainText('Just a moment');
});

test('the image-embed check: only a single presentation iframe of the Bing image creator is framed', async ({ page }) => {
  test.setTimeout(90_000);
  await openBing(page, fake!.validKey);
  const frame = '<iframe role="presentation" src="https://www.bing.com/images/create?partner=sydney&q=a+red+fox"></iframe>';
  fake!.enqueue({ mentioning: 'paint-fox', chunks: ['Here is your fox.\n\n', frame] });
  await send(page, 'paint-fox please');
  const embed = replies(page).last().getByTestId('bing-image-embed');
  await expect(embed).toHaveAttribute('src', 'https://www.bing.com/images/create?partner=sydney&q=a+red+fox', { timeout: 15_000 });
  await expect(embed).toHaveAttribute('role', 'presentation');
  await expect(replies(page).last()).toContainText('Here is your fox.');

  fake!.enqueue({ mentioning: 'paint-evil', chunks: ['Look.\n\n', '<iframe role="presentation" src="https://evil.example/images/create"><script>window.hacked=1</script></iframe>'] });
  await send(page, 'paint-evil please');
  const refused = replies(page).last().getByTestId('bing-embed-refused');
  await expect(refused).toContainText('evil.example', { timeout: 15_000 });
  await expect(replies(page).last().locator('iframe')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
});
