import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * An error text that appears after `delay` ms (SPEC point 9: 400 ms for login), so a fast retry
 * does not flash it, and optionally hides itself after `hideAfter` ms (the 5 s banners).
 */
export function useDelayedError(delay: number, hideAfter?: number) {
  const [error, setError] = useState<string | null>(null);
  const timers = useRef<number[]>([]);

  const clear = useCallback(() => {
    for (const id of timers.current) window.clearTimeout(id);
    timers.current = [];
    setError(null);
  }, []);

  const show = useCallback(
    (text: string) => {
      clear();
      timers.current.push(
        window.setTimeout(() => {
          setError(text);
          if (hideAfter) timers.current.push(window.setTimeout(() => setError(null), hideAfter));
        }, delay),
      );
    },
    [clear, delay, hideAfter],
  );

  useEffect(() => clear, [clear]);
  return { error, show, clear };
}
