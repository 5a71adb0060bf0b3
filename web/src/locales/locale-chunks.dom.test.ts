// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE } from './languages.ts';
import { preloadStartingLocale, startingLanguage } from './locale-chunks.ts';
import jaJP from './ja-JP.json';

describe('the language a page starts in', () => {
  afterEach(() => localStorage.clear());

  it('is the stored choice, else the browser’s, and its texts are fetched as the page opens', async () => {
    localStorage.setItem(LANGUAGE_STORAGE, 'ja-JP');
    expect(startingLanguage()).toBe('ja-JP');
    expect((await preloadStartingLocale())?.default).toEqual(jaJP);
    localStorage.setItem(LANGUAGE_STORAGE, 'auto');
    expect(startingLanguage()).toBe('en-US');
  });
});
