import { randomUUID } from 'node:crypto';
import type { ChatFrame } from '@parley/core';
import { describe, expect, it, vi } from 'vitest';
import { deltaFrameJson } from './frame-block.ts';
import { createMemoryStreamRegistry } from './memory-registry.ts';
import { deltaOf, ended, runStreamRegistrySuite } from '../test-support/stream-registry-suite.ts';
import type { StreamRegistry } from './stream-registry.ts';

runStreamRegistrySuite('memory', async (options) => {
  const registry = createMemoryStreamRegistry(options);
  return { writer: registry, reader: registry, close: () => registry.close() };
});

/** A finished stream of `frames` deltas of `size` characters each. */
async function finishedStream(registry: StreamRegistry, frames: number, size: number): Promise<string> {
  const info = { streamId: randomUUID(), userId: randomUUID(), conversationId: randomUUID() };
  await registry.create(info, 1);
  for (let i = 0; i < frames; i++) await registry.append(info.streamId, { event: 'message', data: deltaOf('x'.repeat(size)) });
  await registry.append(info.streamId, { event: 'message', data: ended, last: true });
  return info.streamId;
}

const replayable = async (registry: StreamRegistry, streamId: string) => (await registry.subscribe(streamId, -1, () => {})) !== null;

describe('memory registry replay cap', () => {
  it('drops the oldest finished streams once their replay passes maxReplayBytes, and keeps the newest whole', async () => {
    // Each stream: 100 delta frames of 1,000 characters, about 100 KB (one byte a character, the frames' wrapping not kept).
    const registry = createMemoryStreamRegistry({ maxReplayBytes: 250_000 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await finishedStream(registry, 100, 1000));
    const kept = await Promise.all(ids.map((id) => replayable(registry, id)));
    expect(kept).toEqual([false, false, false, true, true]);
    let frames = 0;
    await registry.subscribe(ids[4]!, -1, () => frames++);
    expect(frames).toBe(101);
    await registry.close();
  });

  it('keeps a live stream whatever the cap: only finished ones are dropped', async () => {
    const registry = createMemoryStreamRegistry({ maxReplayBytes: 1 });
    const info = { streamId: randomUUID(), userId: randomUUID(), conversationId: randomUUID() };
    await registry.create(info, 1);
    await registry.append(info.streamId, { event: 'message', data: deltaOf('x'.repeat(1000)) });
    await finishedStream(registry, 10, 1000);
    expect(await replayable(registry, info.streamId)).toBe(true);
    expect(await registry.liveCount(info.userId)).toBe(1);
    await registry.close();
  });
});

describe('memory registry: frames kept compactly', () => {
  it('writes a text delta frame exactly as JSON.stringify writes its data, which is what a block packs', () => {
    for (const delta of ['', 'plain', 'quote " backslash \\ newline \n', 'é 漢字 😀', '\u0000\u2028']) {
      expect(deltaFrameJson(41, JSON.stringify(delta))).toBe(JSON.stringify({ message: true, seq: 41, delta }));
    }
  });

  it('holds a finished 100 KB reply of 11,000 small deltas in about 220 KB (its JSON frames were 1.1 MB at two bytes a character)', async () => {
    const registry = createMemoryStreamRegistry({ maxReplayBytes: 250_000 });
    const streamId = await finishedStream(registry, 11_000, 9);
    expect(await replayable(registry, streamId)).toBe(true);
    await registry.close();
  });

  it('replays every frame exactly as appended, whatever its kind, from any seq, while live and once finished', async () => {
    const registry = createMemoryStreamRegistry();
    const info = { streamId: randomUUID(), userId: randomUUID(), conversationId: randomUUID() };
    await registry.create(info, 1);
    const kinds = [
      (n: number) => ({ message: true as const, seq: n, delta: `word ${n} "quoted" \\ back\nslash 🎉 ☃` }),
      (n: number) => ({ message: true as const, seq: n, delta: '', reasoningDelta: `thinking ${n}` }),
      (n: number) => ({ message: true as const, seq: n, delta: '","seq":1,"delta":"' }),
      (n: number) => ({ message: true as const, seq: n, delta: '', plugins: [{ latest: 'calculator', loading: n % 2 === 0 }] }),
    ];
    const appended: string[] = [];
    // Past two blocks of 512, so replays cross packed blocks and the recent frames.
    for (let n = 0; n < 1300; n++) {
      const frame: ChatFrame = n === 900 ? { event: 'error', data: { error: true, text: 'upstream failed' } } : { event: 'message', data: kinds[n % kinds.length]!(n) };
      appended.push(JSON.stringify(frame.data));
      await registry.append(info.streamId, frame);
    }
    const replay = async (after: number) => {
      const frames: { seq: number; json: string; event: string; last: boolean }[] = [];
      (await registry.subscribe(info.streamId, after, (frame) => frames.push({ seq: frame.seq, json: frame.json, event: frame.event, last: frame.last })))!.close();
      return frames;
    };
    const expected = (after: number, last = -1) =>
      appended.slice(after + 1).map((json, i) => ({ seq: after + 1 + i, json, event: after + 1 + i === 900 ? 'error' : 'message', last: after + 1 + i === last }));
    expect(await replay(-1)).toEqual(expected(-1));
    expect(await replay(700)).toEqual(expected(700));
    appended.push(JSON.stringify(ended));
    await registry.append(info.streamId, { event: 'message', data: ended, last: true });
    expect(await replay(-1)).toEqual(expected(-1, 1300));
    expect(await replay(511)).toEqual(expected(511, 1300));
    await registry.close();
  });
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
      await registry.append(streamId, { event: 'message', data: ended, last: true });
    }
    await registry.create({ streamId: randomUUID(), userId: randomUUID(), conversationId: randomUUID() }, 2);
    await registry.create({ streamId: randomUUID(), userId, conversationId: randomUUID() }, 2);
    expect(await registry.liveCount(userId)).toBe(1);
    await registry.close();
  });
});
