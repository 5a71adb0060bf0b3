import type { Page } from '@playwright/test';
import { stackControl } from './support/control.ts';
import { expect, test } from './support/fixtures.ts';

/** Everything the browser reports as blocked by the Content-Security-Policy, from page load on. */
async function watchPolicyViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return async () => [...consoleErrors, ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))];
}

test('the login and chat pages run under the strict Content-Security-Policy without a single violation', async ({ page, signUp }) => {
  const violations = await watchPolicyViolations(page);
  const login = await page.goto('/login');
  expect(login!.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByTestId('login-email')).toBeVisible();
  expect(await violations()).toEqual([]);

  await signUp('csp');
  await page.goto('/chat/new');
  // Taken only by this spec's question: specs running beside it chat on OpenAI too.
  await stackControl.enqueue('openai', { mentioning: 'Show me math and code', chunks: ['Math $$e^{i\\pi}+1=0$$ and code:\n\n```ts\nconst a = 1;\n```\n'] });
  await page.getByTestId('chat-input').fill('Show me math and code');
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await page.getByTestId('chat-input').press('Enter');
  const reply = page.locator('[data-testid="message"][data-role="assistant"]');
  await expect(reply.locator('.katex').first()).toBeVisible({ timeout: 15_000 });
  await expect(reply.locator('code.hljs, pre code').first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('an image from another host waits for a click; our own images load at once', async ({ page, signUp }) => {
  const external: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('https://images.example/')) external.push(request.url());
  });
  await signUp('images');
  await page.goto('/chat/new');
  await stackControl.enqueue('openai', {
    mentioning: 'Show me images',
    chunks: ['Here: ![a cat](https://images.example/cat.png?leak=secret-words) and ![ours](/favicon.svg)\n'],
  });
  await page.getByTestId('chat-input').fill('Show me images');
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await page.getByTestId('chat-input').press('Enter');
  const reply = page.locator('[data-testid="message"][data-role="assistant"]');
  const placeholder = reply.getByTestId('remote-image');
  await expect(placeholder).toContainText('images.example');
  await expect(placeholder).toContainText('a cat');
  await expect(reply.locator('img[src="/favicon.svg"]')).toBeVisible();
  await expect(page.getByTestId('send-button')).toBeVisible({ timeout: 15_000 });
  expect(external).toEqual([]);

  await placeholder.click();
  await expect(reply.locator('img[src="https://images.example/cat.png?leak=secret-words"]')).toHaveCount(1);
  await expect.poll(() => external.length).toBe(1);
});
