import type { Locator, Page } from '@playwright/test';
import { upstreamModel, type EndpointName } from '@parley/core';
import { stackControl } from './support/control.ts';
import { expect, test } from './support/fixtures.ts';
import { chooseLook } from './support/look.ts';
import { accessToken, renameConversation } from './support/seed-chat.ts';
import { screenshotPath } from './support/screenshot-path.ts';

// Issue 16: each reply's avatar is the icon of the endpoint that wrote it, the same tile the
// model picker shows for that endpoint. The models are ones no other journey scripts replies
// for, so a reply queued here is the one this journey's message receives.
interface Turn {
  fake: string;
  endpoint: EndpointName;
  model: string;
  icon: string;
  text: string;
  reply: string;
}

const turns: readonly Turn[] = [
  { fake: 'anthropic', endpoint: 'anthropic', model: 'claude-opus-4-6', icon: 'lucide-asterisk', text: 'Which tide comes first?', reply: 'The **spring tide** comes first, a day or two after the new moon.' },
  { fake: 'deepseek', endpoint: 'deepSeek', model: 'deepseek-v4-pro', icon: 'lucide-fish', text: 'And what follows it?', reply: 'The *neap tide* follows about a week later, when the sun and moon pull at right angles.' },
];

// Two replies, a reload and the picker opened four times take about 27 s on a quiet machine.
test.describe.configure({ timeout: 60_000 });

const replies = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');
const avatarOf = (page: Page, index: number) => replies(page).nth(index).getByTestId('reply-avatar');
const iconClass = (page: Page, selector: string) => page.locator(`${selector} svg`).first().getAttribute('class');

async function pickModel(page: Page, endpoint: EndpointName, model: string) {
  await page.getByTestId('model-picker').click();
  await page.getByTestId('model-search').fill(model);
  await page.locator(`[data-testid="model-option"][data-endpoint="${endpoint}"][data-model="${model}"]`).click();
  await expect(page.getByTestId('model-picker')).toContainText(model);
}

/** The icon the open model picker shows beside an endpoint's models. */
async function pickerIcon(page: Page, endpoint: EndpointName): Promise<string | null> {
  await page.getByTestId('model-picker').click();
  const icon = await iconClass(page, `[data-testid="model-group"][data-endpoint="${endpoint}"] [data-endpoint="${endpoint}"]`);
  await page.keyboard.press('Escape');
  return icon;
}

async function chatWithTwoEndpoints(page: Page) {
  await page.goto('/chat/new');
  for (const turn of turns) {
    await pickModel(page, turn.endpoint, turn.model);
    await stackControl.enqueue(turn.fake, { model: upstreamModel(turn.endpoint, turn.model).id, chunks: [turn.reply] });
    await page.getByTestId('chat-input').fill(turn.text);
    await expect(page.getByTestId('send-button')).toBeEnabled();
    await page.getByTestId('chat-input').press('Enter');
    await expect(replies(page).last()).toContainText(turn.reply.replace(/[*]/g, ''), { timeout: 15_000 });
    await expect(page.getByTestId('send-button')).toBeVisible();
  }
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
}

const widthOf = async (locator: Locator) => (await locator.boundingBox())?.width;

test('each reply shows the icon of the endpoint that answered, as the model picker shows it, after a reload and in search too', async ({ page, signUp }) => {
  await signUp('reply-avatar');
  await chatWithTwoEndpoints(page);

  for (const reload of [false, true]) {
    if (reload) await page.reload();
    await expect(replies(page)).toHaveCount(turns.length);
    for (const [index, turn] of turns.entries()) {
      await expect(avatarOf(page, index)).toHaveAttribute('data-endpoint', turn.endpoint);
      await expect(avatarOf(page, index).locator('svg')).toHaveClass(new RegExp(`\\b${turn.icon}\\b`));
      expect(await pickerIcon(page, turn.endpoint)).toBe(await avatarOf(page, index).locator('svg').getAttribute('class'));
      expect(await widthOf(avatarOf(page, index))).toBe(28);
    }
  }

  await page.getByTestId('search-input').fill('tide');
  for (const turn of turns) {
    const excerpt = page.getByTestId('search-result-text').filter({ hasText: turn.reply.replace(/[*]/g, '') });
    const avatar = page.getByTestId('search-result').filter({ has: excerpt }).getByTestId('search-result-avatar');
    await expect(avatar).toHaveAttribute('data-endpoint', turn.endpoint);
    await expect(avatar.locator('svg')).toHaveClass(new RegExp(`\\b${turn.icon}\\b`));
    expect(await widthOf(avatar)).toBe(20);
  }
});

for (const [viewport, width, height] of [['desktop', 1280, 800], ['mobile', 390, 844]] as const) {
  test(`screenshots of a chat answered by two endpoints: ${viewport} light and dark`, async ({ page, signUp }) => {
    await page.setViewportSize({ width, height });
    await signUp(`reply-avatar-${viewport}`);
    await chatWithTwoEndpoints(page);
    // The fakes' title model echoes the first exchange; a real one would have named it.
    await renameConversation(page.request, await accessToken(page.request), page.url().split('/').at(-1)!, 'Spring and neap tides');
    for (const theme of ['light', 'dark'] as const) {
      await chooseLook(page, theme, 'en');
      await page.reload();
      await expect(avatarOf(page, 1)).toHaveAttribute('data-endpoint', 'deepSeek');
      // The markdown renderer loads on its own; until it has, a reply shows its raw text.
      await expect(replies(page).first().locator('strong')).toHaveText('spring tide');
      await page.screenshot({ path: screenshotPath(`avatars-${viewport}-${theme}-en.png`) });
    }
  });
}
