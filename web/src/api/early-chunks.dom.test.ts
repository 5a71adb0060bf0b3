// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { CONVERSATION_CHUNKS_META, preloadConversationChunks } from './early-chunks.ts';

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"]')].map((link) => [
    link.getAttribute('href'),
    link.rel === 'preload' ? `preload as ${link.getAttribute('as')}` : link.rel,
    link.getAttribute('crossorigin'),
  ]);

describe('the conversation code preloaded before the app loads', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('is every file the build listed, scripts and stylesheets, preloaded in the tags’ mode, on a page opened on a conversation', () => {
    document.head.innerHTML = `<meta name="${CONVERSATION_CHUNKS_META}" content="/assets/thread-1.js /assets/thread-3.css /assets/markdown-body-2.js">`;
    preloadConversationChunks(true);
    expect(preloads()).toEqual([
      ['/assets/thread-1.js', 'modulepreload', ''],
      ['/assets/thread-3.css', 'preload as style', ''],
      ['/assets/markdown-body-2.js', 'modulepreload', ''],
    ]);
  });

  it('is nothing on another page, nor without the build’s list (the dev server)', () => {
    document.head.innerHTML = `<meta name="${CONVERSATION_CHUNKS_META}" content="/assets/thread-1.js">`;
    preloadConversationChunks(false);
    expect(preloads()).toEqual([]);
    document.head.innerHTML = '';
    preloadConversationChunks(true);
    expect(preloads()).toEqual([]);
  });
});
