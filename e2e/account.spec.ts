import { expectNoSeriousAxe } from './support/axe.ts';
import { chatgptExport, openSettingsTab, pickFromConversationMenu } from './support/account-journey.ts';
import { expect, test } from './support/fixtures.ts';
import { chooseLook } from './support/look.ts';
import { screenshotPath } from './support/screenshot-path.ts';
import { accessToken, seedConversation } from './support/seed-chat.ts';

// Issue 29, the account: name and password, sign out everywhere, delete, archive, import, share links.
// axe takes seconds a screen on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('Account: the name changes in the menu, the password changes with the current one, and sign out everywhere ends the session', async ({ page, signUp }) => {
  const account = await signUp('account-settings');
  await page.goto('/chat/new');
  await openSettingsTab(page, 'account');
  await expectNoSeriousAxe(page, 'settings → account');

  await page.getByTestId('account-name').fill('Grace Hopper');
  await page.getByTestId('account-name-save').click();
  await expect(page.getByText('Name saved.')).toBeVisible();
  await expect(page.getByTestId('user-name')).toHaveText('Grace Hopper');

  await page.getByTestId('password-currentPassword').fill('not-my-password');
  await page.getByTestId('password-password').fill('a-new-password-1');
  await page.getByTestId('password-confirm_password').fill('a-new-password-1');
  await page.getByTestId('password-save').click();
  await expect(page.getByTestId('password-failed')).toHaveText('The current password is not right.');
  await page.getByTestId('password-currentPassword').fill(account.password);
  await page.getByTestId('password-save').click();
  await expect(page.getByTestId('password-changed')).toBeVisible();
  // Still signed in here, with a fresh session.
  expect((await page.request.post('/api/auth/refresh')).status()).toBe(200);

  await page.getByTestId('logout-everywhere').click();
  await page.getByTestId('confirm-action').click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.post('/api/auth/refresh')).status()).toBe(401);
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: 'a-new-password-1' } });
  expect(login.status()).toBe(200);
});

test('Account: deleting asks for the typed email and the password, then signs out for good', async ({ page, signUp }) => {
  const account = await signUp('account-delete');
  const token = await accessToken(page.request);
  await seedConversation(page.request, token, ['A conversation that goes with the account']);
  await page.goto('/chat/new');
  await openSettingsTab(page, 'account');
  await page.getByTestId('delete-account').click();
  const submit = page.getByTestId('delete-account-submit');
  await expect(submit).toBeDisabled();
  await page.getByTestId('delete-account-confirm').fill('someone-else@example.com');
  await page.getByTestId('delete-account-password').fill(account.password);
  await expect(submit).toBeDisabled();
  await page.getByTestId('delete-account-confirm').fill(account.email);
  await expectNoSeriousAxe(page, 'delete account dialog');
  await submit.click();
  await expect(page).toHaveURL(/\/login$/);
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status()).toBe(401);
});

test('Share: a conversation’s link opens read-only without sign-in, shows no account data, and 404s once revoked', async ({ page, signUp, browser }) => {
  const account = await signUp('share-link');
  const token = await accessToken(page.request);
  await seedConversation(page.request, token, ['Share this recipe for pancakes']);
  await page.goto('/chat/new');
  await pickFromConversationMenu(page, 'Share this recipe', 'convo-share');
  await expect(page.getByTestId('share-url')).toHaveValue(/\/share\/[A-Za-z0-9_-]{22}$/);
  await expectNoSeriousAxe(page, 'share dialog');
  const url = await page.getByTestId('share-url').inputValue();
  await page.keyboard.press('Escape');
  // Closing gives the focus back to the conversation's ⋯ button.
  await expect(page.getByTestId('convo-menu').first()).toBeFocused();

  const stranger = await browser.newContext();
  const reader = await stranger.newPage();
  await reader.goto(url);
  await expect(reader.getByTestId('shared-message')).toHaveCount(2);
  await expect(reader.getByTestId('shared-message').first()).toContainText('Share this recipe for pancakes');
  await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const body = await reader.locator('body').innerText();
  expect(body).not.toContain(account.email);
  expect(body).not.toContain(account.name);
  await expectNoSeriousAxe(reader, 'shared conversation page');

  await openSettingsTab(page, 'shared');
  await expect(page.getByTestId('shared-link')).toHaveCount(1);
  await expectNoSeriousAxe(page, 'settings → shared links');
  await page.getByTestId('shared-link-revoke').click();
  await expect(page.getByTestId('shared-links-empty')).toBeVisible();
  await reader.reload();
  await expect(reader.getByTestId('shared-missing')).toContainText('This link does not exist');
  await stranger.close();
});

test('Archive: an archived conversation leaves the sidebar, waits in Settings → Archived, search still finds it, and comes back', async ({ page, signUp }) => {
  await signUp('archive');
  const token = await accessToken(page.request);
  await seedConversation(page.request, token, ['Archive me about tulips']);
  await seedConversation(page.request, token, ['Keep me about roses']);
  await page.goto('/chat/new');
  await expect(page.getByTestId('convo-item')).toHaveCount(2);
  await pickFromConversationMenu(page, 'Archive me', 'convo-archive');
  await expect(page.getByTestId('convo-item')).toHaveCount(1);

  const search = await page.request.get('/api/search?q=tulips', { headers: { authorization: `Bearer ${token}` } });
  expect(((await search.json()) as { messages: unknown[] }).messages.length).toBeGreaterThan(0);

  await openSettingsTab(page, 'archived');
  await expect(page.getByTestId('archived-item')).toHaveCount(1);
  await expectNoSeriousAxe(page, 'settings → archived');
  await page.getByTestId('archived-restore').click();
  await expect(page.getByTestId('archived-empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('convo-item')).toHaveCount(2);
});

test('Import: a ChatGPT export comes in with its branches and a summary; Clear all lives in Settings → Data, not the sidebar', async ({ page, signUp }) => {
  await signUp('import');
  await page.goto('/chat/new');
  await expect(page.getByTestId('clear-all')).toHaveCount(0);
  await openSettingsTab(page, 'data');
  await expect(page.getByTestId('clear-all-conversations')).toBeVisible();
  await page.getByTestId('import-file').setInputFiles({ name: 'conversations.json', mimeType: 'application/json', buffer: Buffer.from(chatgptExport('Paris in spring')) });
  await expect(page.getByTestId('import-summary')).toContainText('conversations imported 1, messages 3');
  await expect(page.getByTestId('import-skipped')).toContainText('pictures and other parts 1');
  await expectNoSeriousAxe(page, 'settings → data (import)');
  await page.getByTestId('import-file').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"not":"an export"}') });
  await expect(page.getByTestId('import-failed')).toContainText('not a ChatGPT data export');
  await page.keyboard.press('Escape');
  await page.getByTestId('convo-item').filter({ hasText: 'Paris in spring' }).getByTestId('convo-link').click();
  await expect(page.getByTestId('message')).toHaveCount(2);
  await expect(page.getByTestId('message').last()).toContainText('Musée d’Orsay');
});

test('Keyboard: after sign-in the message box has focus, a skip link reaches it, dialogs give the focus back, and axe finds nothing serious', async ({ page, createAccount }) => {
  const account = await createAccount('keyboard');
  await page.goto('/register');
  // Sign-up opens at the top of the page.
  await expect(page.getByTestId('register-submit')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expectNoSeriousAxe(page, 'register');
  await page.goto('/login');
  await expectNoSeriousAxe(page, 'login');
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/chat\/new$/);
  await expect(page.getByTestId('chat-input')).toBeFocused();
  await expectNoSeriousAxe(page, 'new chat');

  // Tab on from the box through the page and round to its top: the skip link is the first stop there.
  const onSkipLink = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid === 'skip-link');
  for (let presses = 0; presses < 80 && !(await onSkipLink()); presses++) await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-link')).toBeFocused();
  await expect(page.getByTestId('skip-link')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chat-input')).toBeFocused();

  // The model picker and the account menu are named by what they show (axe's label-content-name-mismatch, checked above).
  await expect(page.getByTestId('model-picker')).toHaveAccessibleName(/^Choose a model: /);
  await expect(page.getByTestId('user-menu')).toHaveAccessibleName(/^Account menu: .*Test Person/);

  // The model picker open: its search box and its menu of models, which ↓ enters; Escape gives the focus back.
  await page.getByTestId('model-picker').click();
  await expect(page.getByTestId('model-search')).toBeFocused();
  await expectNoSeriousAxe(page, 'model picker open');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('model-picker')).toBeFocused();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings-dialog')).toBeVisible();
  await expectNoSeriousAxe(page, 'settings → general');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('user-menu')).toBeFocused();
});

test('screenshots: the Account, Data, Archived and Shared links tabs and the shared page, English and Chinese, light and dark', async ({ page, signUp, browser }) => {
  test.setTimeout(300_000);
  await signUp('account-shots');
  const token = await accessToken(page.request);
  await seedConversation(page.request, token, ['How do I brew green tea?']);
  await seedConversation(page.request, token, ['Archived: a note about kettles']);
  await page.goto('/chat/new');
  await pickFromConversationMenu(page, 'Archived: a note', 'convo-archive');
  await pickFromConversationMenu(page, 'How do I brew', 'convo-share');
  await expect(page.getByTestId('share-url')).toHaveValue(/\/share\//);
  const url = await page.getByTestId('share-url').inputValue();
  await page.screenshot({ path: screenshotPath('share-dialog-desktop-light-en.png') });
  await page.keyboard.press('Escape');
  const reader = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await reader.goto(url);

  for (const theme of ['light', 'dark'] as const) {
    for (const lang of ['en', 'zh'] as const) {
      await chooseLook(page, theme, lang);
      await page.reload();
      for (const tab of ['account', 'data', 'archived', 'shared']) {
        await openSettingsTab(page, tab);
        await page.screenshot({ path: screenshotPath(`settings-${tab}-desktop-${theme}-${lang}.png`), timeout: 60_000 });
        await page.keyboard.press('Escape');
      }
      await chooseLook(reader, theme, lang);
      await reader.reload();
      await expect(reader.getByTestId('shared-message')).toHaveCount(2);
      await reader.screenshot({ path: screenshotPath(`shared-page-desktop-${theme}-${lang}.png`), timeout: 60_000 });
    }
  }
  await reader.context().close();
});
