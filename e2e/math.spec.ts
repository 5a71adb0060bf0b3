import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { screenshotPath } from './support/screenshot-path.ts';

// Math in the delimiters models write (issue 16). Nothing is scripted: the provider fake echoes
// the message ("Echo: …"), so the reply renders exactly the markdown the test sends.
const reply = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]').last();

const mathEn = [
  'Every notation at once. A circle of radius $r$ has area $A = \\pi r^2$, and Euler’s identity \\(e^{i\\pi} + 1 = 0\\) ties five constants together.',
  '',
  'The Gaussian integral:',
  '',
  '\\[',
  '\\int_{-\\infty}^{\\infty} e^{-x^2}\\,dx = \\sqrt{\\pi}',
  '\\]',
  '',
  'The quadratic formula:',
  '',
  '$$x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}$$',
  '',
  'Prices stay text: a coffee is $5 and a lunch $10. Code stays code: `echo $HOME` and `\\(x\\)`.',
].join('\n');

const mathZh = [
  '各种写法一起来：半径为 $r$ 的圆面积是 $A = \\pi r^2$，欧拉恒等式 \\(e^{i\\pi} + 1 = 0\\) 把五个常数联系在一起。',
  '',
  '高斯积分：',
  '',
  '\\[',
  '\\int_{-\\infty}^{\\infty} e^{-x^2}\\,dx = \\sqrt{\\pi}',
  '\\]',
  '',
  '求根公式：',
  '',
  '$$x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}$$',
  '',
  '价格仍是文字：咖啡 $5，午餐 $10。代码保持原样：`echo $HOME`。',
].join('\n');

async function ask(page: Page, text: string) {
  await page.goto('/chat/new');
  await page.getByTestId('chat-input').fill(text);
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.getByTestId('send-button')).toBeVisible({ timeout: 20_000 });
  await expect(reply(page).locator('.katex').first()).toBeVisible();
}

test('$…$, \\(…\\), \\[…\\] and $$…$$ render as math; prices and code stay as written', async ({ page, signUp }) => {
  await signUp('math');
  await ask(page, mathEn);
  const body = reply(page);
  // $r$, $A = \pi r^2$, \(e^{i\pi} + 1 = 0\), the integral and the quadratic formula.
  await expect(body.locator('.katex')).toHaveCount(5);
  await expect(body.locator('.katex-display')).toHaveCount(2);
  await expect(body.locator('.katex annotation')).toHaveText([
    'r',
    'A = \\pi r^2',
    'e^{i\\pi} + 1 = 0',
    '\\int_{-\\infty}^{\\infty} e^{-x^2}\\,dx = \\sqrt{\\pi}',
    'x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}',
  ]);
  await expect(body).toContainText('a coffee is $5 and a lunch $10.');
  await expect(body.locator('code', { hasText: 'echo $HOME' })).toHaveCount(1);
  await expect(body.locator('code', { hasText: '\\(x\\)' })).toHaveCount(1);
});

for (const [viewport, width, height, theme, lang, short] of [
  ['desktop', 1280, 800, 'light', 'en-US', 'en'],
  ['desktop', 1280, 800, 'dark', 'zh-CN', 'zh'],
  ['mobile', 390, 844, 'light', 'zh-CN', 'zh'],
  ['mobile', 390, 844, 'dark', 'en-US', 'en'],
] as const) {
  test(`screenshot of a math-heavy reply: ${viewport} ${theme} ${short}`, async ({ page, signUp }) => {
    await page.setViewportSize({ width, height });
    await page.addInitScript(({ lang, theme }) => {
      localStorage.setItem('lang', lang);
      localStorage.setItem('color-theme', theme);
    }, { lang, theme });
    await signUp('math-shot');
    await ask(page, short === 'zh' ? mathZh : mathEn);
    await reply(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`chat-math-${viewport}-${theme}-${short}.png`) });
  });
}
