import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { chooseLook } from './look.ts';
import { screenshotPath } from './screenshot-path.ts';

/** The provider fake echoes the message ("Echo: …"), so the reply holds exactly the diagram sent. */
const flowchart = (lang: 'en' | 'zh') =>
  lang === 'zh'
    ? ['这是流程：', '', '```mermaid', 'graph TD', '  A[提出问题] --> B{模型可用？}', '  B -->|是| C[流式回复]', '  B -->|否| D[显示原因]', '```'].join('\n')
    : ['Here is the flow:', '', '```mermaid', 'graph TD', '  A[Ask a question] --> B{Model available?}', '  B -->|yes| C[Stream the reply]', '  B -->|no| D[Show why]', '```'].join('\n');

export const reply = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]').last();

/** Sends `text` in a new chat and waits for the echoed reply to finish. */
export async function askEcho(page: Page, text: string) {
  await page.goto('/chat/new');
  await page.getByTestId('chat-input').fill(text);
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.getByTestId('send-button')).toBeVisible({ timeout: 20_000 });
}

/** The JS files the page has fetched whose names start with `mermaid` (the lazy chunk and its parts). */
export const mermaidChunks = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => /\/assets\/mermaid[.-]/.test(name)));

/** The JS the page has fetched so far: its files, and their size as sent (brotli) and as run. */
export const scriptsFetched = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => ({ name: entry.name, sent: entry.encodedBodySize, size: entry.decodedBodySize })),
  );

/** A flowchart drawn in the reply, in the given look, with a screenshot of it. */
export async function drawnFlowchart(page: Page, look: { theme: 'light' | 'dark'; lang: 'en' | 'zh'; viewport: string }) {
  await page.goto('/chat/new');
  await chooseLook(page, look.theme, look.lang);
  await askEcho(page, flowchart(look.lang));
  const diagram = reply(page).getByTestId('mermaid-diagram');
  await expect(diagram.locator('svg')).toBeVisible();
  await expect(diagram.locator('svg')).toContainText(look.lang === 'zh' ? '流式回复' : 'Stream the reply');
  await diagram.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath(`mermaid-${look.viewport}-${look.theme}-${look.lang}.png`) });
  return diagram;
}
