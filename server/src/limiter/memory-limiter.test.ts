import { describe, expect, it } from 'vitest';
import { runLimiterSuite } from '../test-support/limiter-suite.ts';
import { createLimiter } from './limiter.ts';
import { createMemoryLimiter } from './memory-limiter.ts';

runLimiterSuite('memory', () => createMemoryLimiter());

describe('createLimiter', () => {
  it('keeps counters in memory when no Redis is configured', async () => {
    const first = createLimiter({ REDIS_URL: undefined });
    const second = createLimiter({ REDIS_URL: undefined });
    await first.hit('shared', 60_000);
    // Separate memory limiters share nothing, which is why scale-out needs REDIS_URL.
    expect((await second.hit('shared', 60_000)).count).toBe(1);
    await Promise.all([first.close(), second.close()]);
  });
});
