import { readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { startOpenAIFake } from '@parley/testkit';
import { launchChromium, signedInContext } from './lib/browser.ts';
import { startBenchParley } from './lib/parley.ts';
import { result, type BenchResult } from './lib/report.ts';
import { runIfMain } from './lib/run-main.ts';
import { kb } from './lib/stats.ts';
import { ensureBuilds } from './lib/web-dist.ts';

const bench = 'bundle-size';
const targetBytes = 250 * 1024;

interface Script {
  name: string;
  raw: number;
  gzip: number;
  text: string;
}

/**
 * Code that must stay out of the first load, each recognised by a string its library keeps
 * through minification. The check is only trusted when the marker does show up in the chunks
 * fetched later, once a reply with code and math is rendered.
 */
const onDemand = [
  { name: 'markdown (mdast)', marker: 'thematicBreak' },
  { name: 'highlighting (highlight.js)', marker: 'hljs-' },
  { name: 'math (KaTeX)', marker: 'KaTeX parse error' },
];

/** A reply exercising every on-demand part: GFM, a fenced code block and display math. */
const markdownReply = ['# Heading\n\n', '- item **bold**\n\n', '```ts\nconst x: number = 1;\n```\n\n', '$$\nE = mc^2\n$$\n'];

/** Collects every JavaScript response of the page, in request order. */
function recordScripts(page: Page): Script[] {
  const scripts: Script[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') || response.status() !== 200) return;
    const body = await response.body().catch(() => undefined);
    if (!body) return;
    scripts.push({ name: path.basename(url.pathname), raw: body.length, gzip: gzipSync(body).length, text: body.toString('utf8') });
  });
  return scripts;
}

/** Locale chunks are named after their file (`de-DE-<hash>.js`). */
function localeChunkPattern(dist: string): RegExp {
  const codes = readdirSync(path.join(dist, '../src/locales'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''));
  return new RegExp(`^(${codes.join('|')})-[\\w-]+\\.js$`);
}

/**
 * The chat page's initial JavaScript: /chat/new opened signed in, every script fetched until
 * the network is idle with the message box shown, gzip-compressed as a server would send it.
 * Then a markdown reply is streamed, to prove markdown, highlighting and math arrive only then.
 */
export async function runBundleSize(): Promise<BenchResult[]> {
  const dist = ensureBuilds();
  const fake = await startOpenAIFake();
  const parley = await startBenchParley({ env: { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: `${fake.url}/v1` } });
  const browser = await launchChromium();
  try {
    const context = await signedInContext(browser, parley.url, 'bundle');
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto('/chat/new', { waitUntil: 'networkidle' });
    await page.getByTestId('chat-input').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    const initial = [...scripts];

    fake.enqueue({ chunks: markdownReply });
    await page.getByTestId('chat-input').fill('Show me some markdown');
    await page.getByTestId('chat-input').press('Enter');
    await page.locator('.katex').first().waitFor({ state: 'visible', timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const later = scripts.slice(initial.length);

    const total = initial.reduce((sum, s) => sum + s.gzip, 0);
    const raw = initial.reduce((sum, s) => sum + s.raw, 0);
    console.log(`  initial JavaScript of /chat/new (${initial.length} files, ${kb(raw)} raw):`);
    for (const s of [...initial].sort((a, b) => b.gzip - a.gzip)) console.log(`    ${kb(s.gzip).padStart(9)} gzip  ${s.name}`);
    console.log(`  fetched once a markdown reply is shown: ${later.map((s) => `${s.name} (${kb(s.gzip)})`).join(', ') || 'nothing'}`);

    const problems: string[] = [];
    for (const part of onDemand) {
      const early = initial.filter((s) => s.text.includes(part.marker)).map((s) => s.name);
      if (early.length > 0) problems.push(`${part.name} is in the initial load (${early.join(', ')})`);
      else if (!later.some((s) => s.text.includes(part.marker))) problems.push(`${part.name} was not recognised in any chunk`);
    }
    const isLocale = localeChunkPattern(dist);
    const locales = initial.filter((s) => isLocale.test(s.name)).map((s) => s.name);
    if (locales.length > 1) problems.push(`${locales.length} locales in the initial load (${locales.join(', ')})`);
    const localeFiles = readdirSync(path.join(dist, 'assets')).filter((f) => isLocale.test(f));
    if (localeFiles.length === 0) problems.push('no locale chunk found in web/dist: locales are not split');
    for (const problem of problems) console.log(`  ${problem}`);

    return [
      result(bench, 'initial JS of the chat page (gzip)', kb(total), `≤ ${kb(targetBytes)}`, total <= targetBytes),
      result(
        bench,
        'markdown, highlighting, math and other locales on demand',
        problems.length === 0 ? `yes (${locales.length} locale at start, ${localeFiles.length} split)` : `no: ${problems.length} problem(s)`,
        'on demand',
        problems.length === 0,
      ),
    ];
  } finally {
    await browser.close();
    await parley.stop();
    await fake.close();
  }
}

runIfMain(import.meta.url, runBundleSize);
