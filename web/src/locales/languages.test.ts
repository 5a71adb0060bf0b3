import { describe, expect, it } from 'vitest';
import { matchLanguage, resolveLanguage } from './languages.ts';

describe('resolveLanguage (which locale a visitor sees)', () => {
  it('uses an explicit stored choice over the browser', () => {
    expect(resolveLanguage('ja-JP', ['en-US'])).toBe('ja-JP');
  });

  it('detects from the browser on auto, trying each preferred language in order', () => {
    expect(resolveLanguage('auto', ['xx-YY', 'de-AT', 'en-US'])).toBe('de-DE');
    expect(resolveLanguage(null, ['pt'])).toBe('pt-BR');
  });

  it('falls back to Simplified Chinese (the spec default cn) for unsupported browsers', () => {
    expect(resolveLanguage('auto', ['nl-NL', 'tr'])).toBe('zh-CN');
    expect(resolveLanguage('klingon', [])).toBe('zh-CN');
  });
});

describe('matchLanguage', () => {
  it('reads traditional-script Chinese tags as zh-TW and plain zh as zh-CN', () => {
    expect(matchLanguage('zh-HK')).toBe('zh-TW');
    expect(matchLanguage('zh-Hant')).toBe('zh-TW');
    expect(matchLanguage('zh')).toBe('zh-CN');
    expect(matchLanguage('zh-SG')).toBe('zh-CN');
  });

  it('matches case-insensitively', () => {
    expect(matchLanguage('EN-us')).toBe('en-US');
  });
});
