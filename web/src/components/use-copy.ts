import { timings } from '@parley/core';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Copies text to the clipboard and reports `copied` for 3 s (SPEC point 9). */
export function useCopy(): { copied: boolean; copy(text: string): void } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback((text: string) => {
    void navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), timings.copyFeedback);
  }, []);
  return { copied, copy };
}
