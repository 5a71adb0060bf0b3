import type { Limiter } from './limiter.ts';

interface Window {
  count: number;
  resetAt: number;
}

/** Fixed windows in a Map; one instance only. Expired windows are swept as time passes. */
export function createMemoryLimiter(now: () => number = Date.now): Limiter {
  const windows = new Map<string, Window>();
  let nextSweep = 0;

  const sweep = (at: number) => {
    if (at < nextSweep) return;
    nextSweep = at + 60_000;
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  };

  return {
    async hit(key, windowMs) {
      const at = now();
      sweep(at);
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetMs: window.resetAt - at };
    },
    async close() {
      windows.clear();
    },
  };
}
