import { expect, test } from './support/fixtures.ts';
import { askEcho, drawnFlowchart, mermaidChunks, reply, scriptsFetched } from './support/mermaid-journey.ts';

// Mermaid code blocks drawn as diagrams (issue 29). Nothing is scripted: the fake echoes the message.

test('a mermaid block is drawn as a diagram, loaded only when one is shown, with its source one click away', async ({ page, signUp }) => {
  await signUp('mermaid');
  await page.goto('/chat/new');
  await askEcho(page, 'Plain text first, no diagram here.');
  // The chat opened and a reply rendered without fetching mermaid.
  expect(await mermaidChunks(page)).toEqual([]);
  const before = new Set((await scriptsFetched(page)).map((script) => script.name));

  const diagram = await drawnFlowchart(page, { theme: 'light', lang: 'en', viewport: 'desktop' });
  expect((await mermaidChunks(page)).length).toBeGreaterThan(0);
  // What the first flowchart costs, fetched on demand: mermaid's core, its flowchart and their parts.
  const added = (await scriptsFetched(page)).filter((script) => !before.has(script.name));
  const sent = added.reduce((sum, script) => sum + script.sent, 0);
  expect(sent).toBeLessThan(400 * 1024);
  // A flowchart: four nodes, with their labels as text.
  await expect(diagram.locator('svg .node')).toHaveCount(4);
  await expect(diagram).toHaveAttribute('role', 'img');

  const toggle = reply(page).getByTestId('mermaid-toggle');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(reply(page).getByTestId('mermaid-diagram')).toHaveCount(0);
  await expect(reply(page).locator('pre')).toContainText('A[Ask a question] --> B{Model available?}');
  await toggle.click();
  await expect(reply(page).getByTestId('mermaid-diagram').locator('svg')).toBeVisible();
});

test('a broken diagram shows its source with the reason', async ({ page, signUp }) => {
  await signUp('mermaid-broken');
  await askEcho(page, ['A broken one:', '', '```mermaid', 'graph TD', '  A[Start --> B', '```'].join('\n'));
  await expect(reply(page).getByTestId('mermaid-error')).toBeVisible();
  await expect(reply(page).getByTestId('mermaid-error')).toContainText('could not be drawn');
  await expect(reply(page).locator('pre')).toContainText('A[Start --> B');
  await expect(reply(page).getByTestId('mermaid-diagram')).toHaveCount(0);
  // No error drawing of mermaid's own is left in the page.
  await expect(page.locator('body > [id^="dmermaid"]')).toHaveCount(0);
});

test('diagrams are drawn at the strict security level: no HTML, scripts or click handlers get through', async ({ page, signUp }) => {
  await signUp('mermaid-strict');
  const hostile = ['Hostile:', '', '```mermaid', 'graph TD', '  A["<img src=x onerror=window.pwned=1>bold"] --> B[Next]', '  click A call alert()', '  click B "javascript:window.pwned=2"', '```'].join('\n');
  await askEcho(page, hostile);
  const svg = reply(page).getByTestId('mermaid-diagram').locator('svg');
  await expect(svg).toBeVisible();
  await expect(svg.locator('img, script, foreignObject, [onerror], [onclick], a[href^="javascript"]')).toHaveCount(0);
  await svg.locator('.node').first().click();
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
});

test('the diagram follows the theme', async ({ page, signUp }) => {
  await signUp('mermaid-theme');
  const fillIn = async (theme: 'light' | 'dark') => {
    const diagram = await drawnFlowchart(page, { theme, lang: theme === 'dark' ? 'zh' : 'en', viewport: 'desktop' });
    return diagram.locator('svg .node rect, svg .node polygon').first().evaluate((node) => getComputedStyle(node).fill);
  };
  const light = await fillIn('light');
  const dark = await fillIn('dark');
  expect(dark).not.toBe(light);
  // Switched while shown: the diagram is drawn again in the new theme.
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await expect.poll(() => reply(page).getByTestId('mermaid-diagram').locator('svg .node rect, svg .node polygon').first().evaluate((node) => getComputedStyle(node).fill)).toBe(light);
});

for (const [theme, lang] of [['light', 'zh'], ['dark', 'en']] as const) {
  test(`screenshot of a diagram: desktop ${theme} ${lang}`, async ({ page, signUp }) => {
    await signUp('mermaid-shot');
    await drawnFlowchart(page, { theme, lang, viewport: 'desktop' });
  });
}
