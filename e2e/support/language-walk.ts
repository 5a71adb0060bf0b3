import { expect, type Page } from '@playwright/test';
import { englishLeaks, englishOf, type Leak } from './english-leaks.ts';
import { visibleText } from './visible-text.ts';

/**
 * A walk through the screens in one language: `look(name)` reads what the current screen shows
 * and keeps its English leaks; `expectNone()` fails with every leak of every screen at once, so
 * one run lists all that is left to translate. `operatorTexts` are the server's own settings
 * (a sign-in button label), written by its operator in the language of their choice.
 */
export function languageWalk(page: Page, code: string, operatorTexts: readonly string[] = []) {
  const english = englishOf(code);
  // Each leak once, under the first screen that showed it: the sidebar's would repeat on every one.
  const leaks = new Map<string, Leak & { screen: string }>();
  let screens = 0;
  return {
    async look(screen: string): Promise<void> {
      const seen = await visibleText(page);
      expect(seen.length, `${screen} shows text`).toBeGreaterThan(0);
      screens++;
      for (const leak of englishLeaks(seen, english)) {
        const id = `${leak.text} ${leak.where}`;
        if (!operatorTexts.includes(leak.text) && !leaks.has(id)) leaks.set(id, { screen, ...leak });
      }
    },
    expectNone(): void {
      expect(screens).toBeGreaterThan(0);
      const lines = [...leaks.values()].map((l) => `${l.screen}: "${l.text}" (${l.where}; ${l.why})`);
      expect(lines, `English on the ${code} screens`).toEqual([]);
    },
  };
}
