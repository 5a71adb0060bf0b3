import type { Limiter } from './limiter.ts';

interface Window {
  count: number;
  resetAt: number;
}

/** Fixed windows and blocks in Maps; one instance only. Expired ones are swept as time passes. */
export function createMemoryLimiter(now: () => number = Date.now): Limiter {
  const windows = new Map<string, Window>();
  const blocks = new Map<string, number>();
  let nextSweep = 0;

  const sweep = (at: number) => {
    if (at < nextSweep) return;
    nextSweep = at + 60_000;
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
    for (const [key, until] of blocks) if (until <= at) blocks.delete(key);
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
    async block(key, ms) {
      blocks.set(key, now() + ms);
    },
    async blockedMs(key) {
      const at = now();
      sweep(at);
      return Math.max(0, (blocks.get(key) ?? at) - at);
    },
    async close() {
      windows.clear();
      blocks.clear();
    },
  };
}
