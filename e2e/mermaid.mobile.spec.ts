import { expect, test } from './support/fixtures.ts';
import { drawnFlowchart } from './support/mermaid-journey.ts';

// Mermaid diagrams on a phone (issue 29): drawn to the width of the screen, in both themes and languages.
for (const [theme, lang] of [['light', 'en'], ['dark', 'zh'], ['light', 'zh'], ['dark', 'en']] as const) {
  test(`a diagram fits the phone: ${theme} ${lang}`, async ({ page, signUp }) => {
    await signUp('mermaid-phone');
    const diagram = await drawnFlowchart(page, { theme, lang, viewport: 'mobile' });
    const box = (await diagram.locator('svg').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
}
