import { keyJourney, keysModeEnv, openSidebar, send } from './support/access-journey.ts';
import { expect, test } from './support/fixtures.ts';
import { ownStack } from './support/own-stack.ts';

// Keys mode is fixed at start, so these journeys share a stack of their own, one after another.
test.describe.configure({ mode: 'serial' });
const stack = ownStack(keysModeEnv);

test('a first visit: the welcome modal says free but rate-limited; a visitor chats free, with the key links and the pay-per-call footer', async ({ page }) => {
  await page.goto(`${stack.url}/chat/new`);
  const modal = page.getByTestId('welcome-modal');
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('welcome-free-note')).toHaveText(/free.*rate-limited/);
  await expect(page.getByTestId('access-key-save')).toBeDisabled();
  await page.getByTestId('access-key-input').fill('sk-tooShort!');
  await expect(modal.getByRole('alert')).toContainText('exactly 48');
  await expect(page.getByTestId('access-key-save')).toBeDisabled();
  await page.getByTestId('welcome-continue-free').click();
  await expect(modal).toBeHidden();

  await expect(page.getByTestId('version-label')).toHaveText('Version 3.3.2');
  await expect(page.getByTestId('pay-per-call')).toContainText('Pay per call');
  await send(page, 'Hello for free');
  await expect(page.getByTestId('regenerate-message')).toHaveCount(0);
  await expect(page.getByTestId('edit-message')).toHaveCount(0);

  await openSidebar(page);
  await expect(page.getByTestId('buy-key-link')).toHaveAttribute('href', 'https://shop.example/buy');
  await expect(page.getByTestId('lookup-key-link')).toHaveAttribute('href', 'https://shop.example/lookup');
  await expect(page.getByTestId('user-menu')).toHaveCount(0);

  // The visitor's conversation lives under the visitor cookie; the modal greeted once only.
  await page.reload();
  await expect(page.getByTestId('message').first()).toContainText('Hello for free');
  await expect(modal).toHaveCount(0);
});

test('a key: saved in the welcome modal, chat on it, quota lookup, a pack bought on the gateway raises the quota, log out', async ({ page }) => {
  test.setTimeout(90_000);
  await keyJourney(page, stack, { quotaTitle: 'Quota management', paid: 'Top-up successful', look: { viewport: 'desktop', theme: 'light', lang: 'en' } });
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('密钥：欢迎弹窗保存、对话、额度查询、在网关购买后额度增加、注销', async ({ page }) => {
    test.setTimeout(90_000);
    await keyJourney(page, stack, { quotaTitle: '额度管理', paid: '充值成功', look: { viewport: 'desktop', theme: 'dark', lang: 'zh' } });
  });
});
