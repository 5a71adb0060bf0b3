import type { Page } from '@playwright/test';
import { startOpenAIFake } from '@parley/testkit';
import { registerBenchUser } from './lib/account.ts';
import { launchChromium, signedInContext } from './lib/browser.ts';
import { nowMs } from './lib/clock.ts';
import { installPageProbes, readPageProbes, waitForInteractive } from './lib/page-probes.ts';
import { startBenchParley } from './lib/parley.ts';
import { result, type BenchResult } from './lib/report.ts';
import { runIfMain } from './lib/run-main.ts';
import { seedConversation } from './lib/seed-conversation.ts';
import { distribution, ms } from './lib/stats.ts';
import { ensureBuilds } from './lib/web-dist.ts';

const bench = 'long-conversation';
const messages = Number(process.env.BENCH_MESSAGES ?? 2000);
const streamedTokens = 2000;
/** Spacing of the streamed tokens: 200 tokens a second, faster than any model a user would watch. */
const tokenSpacingMs = 5;
/** Measured page loads, each in a fresh browser context (empty cache), after one warm-up load. */
const loads = 5;
const targets = { interactiveMs: 1500, taskMs: 50 };
const endMarker = 'End of the streamed answer.';

/** 2,000 word-sized tokens of the markdown a model writes: paragraphs, bold, a list, a code block. */
function markdownTokens(count: number): string[] {
  const tokens: string[] = [];
  for (let paragraph = 0; tokens.length < count - 5; paragraph++) {
    if (paragraph === 4) {
      for (let item = 0; item < 8; item++) tokens.push('- ', 'list ', `item ${item} `, 'with ', '**bold** ', 'text\n');
      tokens.push('\n');
    } else if (paragraph === 9) {
      tokens.push('```ts\n');
      for (let line = 0; line < 10; line++) tokens.push('const ', `value${line} `, '= ', `${line * 7};\n`);
      tokens.push('```\n\n');
    } else {
      for (let word = 0; word < 48; word++) tokens.push(word % 12 === 5 ? '`inline` ' : `word${paragraph}_${word} `);
      tokens.push('closing.\n\n');
    }
  }
  tokens.length = Math.min(tokens.length, count - 5);
  return [...tokens, '\n\n', 'End ', 'of the ', 'streamed ', 'answer.'];
}

/** Streams a long reply into the open conversation; answers the long tasks seen from send to final. */
async function streamInto(page: Page, fake: Awaited<ReturnType<typeof startOpenAIFake>>) {
  const tokens = markdownTokens(streamedTokens);
  const startedAt = await page.evaluate(() => performance.now());
  fake.enqueue({ chunks: tokens, delayMs: tokenSpacingMs });
  await page.getByTestId('chat-input').fill('Write a long answer, please.');
  await page.getByTestId('chat-input').press('Enter');
  await page.getByTestId('stop-button').waitFor({ state: 'visible', timeout: 20_000 });
  await page.getByTestId('stop-button').waitFor({ state: 'detached', timeout: 120_000 });
  await page.getByTestId('message').last().getByText(endMarker).waitFor({ timeout: 10_000 });
  // Tasks that start just before the final event are reported a moment later.
  await page.waitForTimeout(500);
  const { longTasks } = await readPageProbes(page);
  return { tokens: tokens.length, tasks: longTasks.filter((task) => task.start >= startedAt) };
}

/**
 * A 2,000-message conversation, seeded through the API, opened in Chromium: time from
 * navigation start until the message box is enabled and the last message is on screen; then
 * 2,000 tokens streamed into it while the page reports every main-thread task over 50 ms.
 */
export async function runLongConversation(): Promise<BenchResult[]> {
  ensureBuilds();
  const fake = await startOpenAIFake();
  const parley = await startBenchParley({
    env: { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: `${fake.url}/v1`, LOGIN_MAX: String(loads + 5) },
  });
  const browser = await launchChromium();
  try {
    const token = await registerBenchUser(parley.url, 'long');
    const seedStart = nowMs();
    const seeded = await seedConversation(parley.url, token, fake, messages);
    console.log(`  seeded ${messages} messages through POST /api/ask in ${ms(nowMs() - seedStart, 0)}`);

    const interactive: number[] = [];
    let page: Page | undefined;
    for (let load = 0; load <= loads; load++) {
      await page?.context().close();
      const context = await signedInContext(browser, parley.url, 'long', 'existing');
      page = await context.newPage();
      await installPageProbes(page, seeded.lastMessageId);
      await page.goto(`/chat/${seeded.conversationId}`);
      const at = await waitForInteractive(page);
      if (load > 0) interactive.push(at);
    }
    const tti = distribution(interactive);
    console.log(`  time to interactive over ${loads} cold loads: ${interactive.map((t) => ms(t, 0)).join(', ')}`);

    // The scroll pinning of a freshly opened thread settles before the stream starts.
    await page!.waitForTimeout(1000);
    const streamed = await streamInto(page!, fake);
    const longest = streamed.tasks.reduce((max, task) => Math.max(max, task.duration), 0);
    console.log(
      `  streaming ${streamed.tokens} tokens: ${streamed.tasks.length} main-thread task(s) of 50 ms or more` +
        (streamed.tasks.length > 0 ? `, longest ${ms(longest, 0)}` : ''),
    );
    const over = streamed.tasks.filter((task) => task.duration > targets.taskMs);
    return [
      result(bench, `time to interactive, ${messages} messages (median)`, ms(tti.p50, 0), `≤ ${targets.interactiveMs} ms`, tti.p50 <= targets.interactiveMs),
      result(bench, `main-thread tasks over ${targets.taskMs} ms while streaming`, String(over.length), '0', over.length === 0),
    ];
  } finally {
    await browser.close();
    await parley.stop();
    await fake.close();
  }
}

runIfMain(import.meta.url, runLongConversation);
