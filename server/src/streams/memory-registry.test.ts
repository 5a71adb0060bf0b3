import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryStreamRegistry } from './memory-registry.ts';
import { runStreamRegistrySuite } from './registry-suite.ts';

runStreamRegistrySuite('memory', async (options) => {
  const registry = createMemoryStreamRegistry(options);
  return { writer: registry, reader: registry, close: () => registry.close() };
});

describe('memory registry: live streams', () => {
  it('stops counting a stream that never ended once it is older than the longest a stream may run', async () => {
    const registry = createMemoryStreamRegistry({ maxLifetimeMs: 100 });
    const userId = randomUUID();
    expect(await registry.create({ streamId: randomUUID(), userId, conversationId: randomUUID() }, 1)).toEqual({ ok: true });
    expect(await registry.create({ streamId: randomUUID(), userId, conversationId: randomUUID() }, 1)).toEqual({ ok: false, live: 1 });
    await vi.waitFor(async () => expect(await registry.liveCount(userId)).toBe(0), { timeout: 2000, interval: 20 });
    expect(await registry.create({ streamId: randomUUID(), userId, conversationId: randomUUID() }, 1)).toEqual({ ok: true });
    await registry.close();
  });

  it('counts only the user’s own running streams, whatever the number of finished ones kept for replay', async () => {
    const registry = createMemoryStreamRegistry();
    const userId = randomUUID();
    for (let i = 0; i < 3; i++) {
      const streamId = randomUUID();
      await registry.create({ streamId, userId, conversationId: randomUUID() }, 2);
      await registry.append(streamId, { event: 'message', data: {}, last: true });
    }
    await registry.create({ streamId: randomUUID(), userId: randomUUID(), conversationId: randomUUID() }, 2);
    await registry.create({ streamId: randomUUID(), userId, conversationId: randomUUID() }, 2);
    expect(await registry.liveCount(userId)).toBe(1);
    await registry.close();
  });
});
