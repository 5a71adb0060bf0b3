import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** What the probes installed by `installPageProbes` have seen, read with `readPageProbes`. */
export interface PageProbes {
  /** performance.now() (ms since navigation start) when the page became usable; undefined until then. */
  interactiveAt?: number;
  longTasks: { start: number; duration: number }[];
}

declare global {
  interface Window {
    __benchProbes: PageProbes;
  }
}

/**
 * Runs in the page before any of its scripts: collects every long task (the browser reports
 * main-thread tasks of 50 ms or more) and checks on every frame whether the chat is usable —
 * the message box enabled and the message `lastMessageId` on screen. It is plain JavaScript
 * text because tsx would wrap a nested function in a helper the page does not have.
 */
export async function installPageProbes(page: Page, lastMessageId: string): Promise<void> {
  const script = `(() => {
    const lastId = ${JSON.stringify(lastMessageId)};
    const probes = { longTasks: [] };
    window.__benchProbes = probes;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probes.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    const check = () => {
      const input = document.querySelector('[data-testid="chat-input"]');
      const box = document.querySelector('[data-message-id="' + lastId + '"]')?.getBoundingClientRect();
      if (input && !input.disabled && box && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight) {
        probes.interactiveAt = performance.now();
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`;
  await page.addInitScript({ content: script });
}

export function readPageProbes(page: Page): Promise<PageProbes> {
  return page.evaluate(() => window.__benchProbes);
}

/**
 * Waits (bounded) until the probes saw the page become usable; answers ms since navigation
 * start. A page that never does is reported with its address, errors and a screenshot.
 */
export async function waitForInteractive(page: Page, timeoutMs = 30_000): Promise<number> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  try {
    await page.waitForFunction(() => window.__benchProbes?.interactiveAt !== undefined, undefined, { timeout: timeoutMs, polling: 50 });
  } catch (error) {
    const screenshot = path.join(tmpdir(), `parley-bench-not-interactive-${Date.now()}.png`);
    await page.screenshot({ path: screenshot }).catch(() => undefined);
    throw new Error(
      `the chat at ${page.url()} was not usable within ${timeoutMs} ms (screenshot ${screenshot}); page errors: ${errors.join(' | ') || 'none'}`,
      { cause: error },
    );
  }
  return (await readPageProbes(page)).interactiveAt!;
}
