import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe on what the page shows now: no violation of serious or critical impact (WCAG 2.1 A and AA
 * rules and axe's best practices). Each violation is listed with the elements it names (their selectors and markup).
 */
export async function expectNoSeriousAxe(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`);
  expect(serious, `axe on ${screen}`).toEqual([]);
}
