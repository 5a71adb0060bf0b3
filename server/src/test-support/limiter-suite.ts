import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Limiter } from '../limiter/limiter.ts';

/** One behaviour for every Limiter backend; each implementation runs it from its own test file. */
export function runLimiterSuite(name: string, make: () => Limiter | Promise<Limiter>) {
  describe(`limiter: ${name}`, () => {
    let limiter: Limiter;
    const key = (label: string) => `${label}:${Math.random().toString(36).slice(2)}`;

    beforeAll(async () => {
      limiter = await make();
    });
    afterAll(() => limiter.close());

    it('counts hits on one key within its window', async () => {
      const k = key('count');
      const counts = [];
      for (let i = 0; i < 4; i++) counts.push((await limiter.hit(k, 60_000)).count);
      expect(counts).toEqual([1, 2, 3, 4]);
    });

    it('keeps keys apart', async () => {
      const a = key('a');
      const b = key('b');
      await limiter.hit(a, 60_000);
      await limiter.hit(a, 60_000);
      expect((await limiter.hit(b, 60_000)).count).toBe(1);
    });

    it('reports the time left in the window', async () => {
      const hit = await limiter.hit(key('reset'), 60_000);
      expect(hit.resetMs).toBeGreaterThan(55_000);
      expect(hit.resetMs).toBeLessThanOrEqual(60_000);
    });

    it('starts a fresh count once the window has passed', async () => {
      const k = key('expire');
      await limiter.hit(k, 150);
      await limiter.hit(k, 150);
      // Each hit before the window ends counts on (3, 4, …); the first after it starts over at 1.
      await vi.waitFor(async () => expect((await limiter.hit(k, 150)).count).toBe(1), { timeout: 2000, interval: 20 });
    });

    it('blocks a key for a time, shared by no other key, and lets it go after', async () => {
      const k = key('block');
      expect(await limiter.blockedMs(k)).toBe(0);
      await limiter.block(k, 60_000);
      expect(await limiter.blockedMs(k)).toBeGreaterThan(55_000);
      expect(await limiter.blockedMs(key('other'))).toBe(0);
      await limiter.block(k, 150);
      expect(await limiter.blockedMs(k)).toBeLessThanOrEqual(150);
      await vi.waitFor(async () => expect(await limiter.blockedMs(k)).toBe(0), { timeout: 2000, interval: 20 });
    });

    it('counts concurrent hits exactly once each', async () => {
      const k = key('race');
      const hits = await Promise.all(Array.from({ length: 20 }, () => limiter.hit(k, 60_000)));
      expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });
  });
}
