import { tokenCountSchema, type TokenizerRequest } from '@parley/core';
import { useEffect, useState } from 'react';
import { apiJson } from '../../api/client.ts';

/** SPEC point 9: the token count waits 250 ms after the last keystroke. */
const TOKEN_COUNT_DEBOUNCE_MS = 250;

/** Tokens in `text` by the server's tokenizer (`POST /api/tokenizer`), or null until known. Blank text is 0. */
export function useTokenCount(text: string): number | null {
  const [counted, setCounted] = useState<{ text: string; count: number } | null>(null);
  const blank = text.trim() === '';

  useEffect(() => {
    if (blank) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiJson('/api/tokenizer', { body: { arg: text } satisfies TokenizerRequest, signal: controller.signal, schema: tokenCountSchema }).then(
        ({ count }) => setCounted({ text, count }),
        () => undefined,
      );
    }, TOKEN_COUNT_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, blank]);

  if (blank) return 0;
  return counted?.text === text ? counted.count : null;
}
