import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './format-date.ts';
import { languages } from './languages.ts';

// Built from local fields, so the expectations hold in any time zone the tests run in.
const evening = new Date(2026, 10, 23, 22, 5);
const morning = new Date(2026, 0, 4, 9, 7);

describe('dateTimeFormat', () => {
  it('writes Chinese dates as year/month/day hour:minute on a 24-hour clock (SPEC defaults)', () => {
    expect(dateTimeFormat('zh-CN').format(evening)).toBe('2026/11/23 22:05');
    expect(dateTimeFormat('zh-CN').format(morning)).toBe('2026/01/04 09:07');
  });

  it.each([
    ['en-US', '11/23/2026, 10:05 PM'],
    ['de-DE', '23.11.2026, 22:05'],
    ['fr-FR', '23/11/2026 22:05'],
    ['ja-JP', '2026/11/23 22:05'],
    ['ru-RU', '23.11.2026, 22:05'],
    ['sv-SE', '2026-11-23 22:05'],
    ['pt-BR', '23/11/2026, 22:05'],
  ])('writes %s dates in that language’s own order and separators', (language, expected) => {
    expect(dateTimeFormat(language).format(evening)).toBe(expected);
  });

  it('shows year, month, day, hour and minute in every interface language', () => {
    for (const { code } of languages) {
      const text = dateTimeFormat(code).format(evening);
      expect(text, code).toMatch(/2026/);
      expect(text, code).toMatch(/11/);
      expect(text, code).toMatch(/23/);
      expect(text, code).toMatch(/05/);
      expect(text, code).toMatch(/22|10/);
    }
  });
});
