import { keysModeEnv, mintAccessKey } from './support/access-journey.ts';
import { controlOf } from './support/control.ts';
import { expect, test } from './support/fixtures.ts';
import { languageWalk } from './support/language-walk.ts';
import { ownStack } from './support/own-stack.ts';
import { walkLanguages } from './support/walk-languages.ts';

// Issue 16 on a pay-per-call server (ACCESS_MODE=keys): the welcome modal, a visitor's chat and
// footer, the access-key dialog, the quota dialog and a provider key dialog (Anthropic is left to
// the users) show no English in zh-CN and ja-JP. The stack is this file's, so the replies queued
// on its OpenAI fake (the answer, then the title) are the walk's own.
test.describe.configure({ mode: 'serial' });
const stack = ownStack({ ...keysModeEnv, ANTHROPIC_API_KEY: 'user_provided' });

for (const language of walkLanguages) {
  test.describe(language.code, () => {
    test.use({ locale: language.code });

    test(`the key screens of a pay-per-call server are all in ${language.code}`, async ({ page }) => {
      test.setTimeout(120_000);
      const walk = languageWalk(page, language.code);
      const key = await mintAccessKey(stack, 50);
      await page.goto(`${stack.url}/chat/new`);
      const modal = page.getByTestId('welcome-modal');
      await expect(modal).toBeVisible();
      await walk.look('welcome');
      await page.getByTestId('access-key-input').fill('sk-tooShort!');
      await expect(modal.getByRole('alert')).toBeVisible();
      await walk.look('welcome, a malformed key');
      await page.getByTestId('welcome-continue-free').click();
      await expect(modal).toBeHidden();

      const fakes = controlOf(stack.controlUrl);
      await fakes.enqueue('openai', { chunks: language.reply });
      await fakes.enqueue('openai', { chunks: [language.title] });
      await page.getByTestId('chat-input').fill(language.question);
      await page.getByTestId('chat-input').press('Enter');
      await expect(page.locator('[data-testid="message"][data-role="assistant"]')).toContainText(language.reply.join(''), { timeout: 15_000 });
      await expect(page.getByTestId('send-button')).toBeVisible({ timeout: 15_000 });
      await walk.look('a visitor chatting free');

      await page.getByTestId('enter-key').click();
      const dialog = page.getByTestId('api-key-dialog');
      await expect(dialog).toBeVisible();
      await walk.look('access key dialog');
      await dialog.getByTestId('access-key-input').fill(key);
      await dialog.getByTestId('access-key-save').click();
      await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 15_000 });

      await page.getByTestId('user-menu').click();
      await walk.look('a key holder’s menu');
      await page.getByTestId('open-quota').click();
      await expect(page.getByTestId('quota-value')).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
      await walk.look('quota');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('quota-dialog')).toBeHidden();

      await page.getByTestId('new-convo-menu').click();
      await page.locator('[data-testid="new-convo-endpoint"][data-endpoint="anthropic"]').click();
      await page.getByTestId('set-key-button').click();
      await expect(page.getByTestId('key-dialog')).toBeVisible();
      await walk.look('a provider key dialog');

      walk.expectNone();
    });
  });
}
