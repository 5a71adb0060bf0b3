import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { waitUntil } from '@parley/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../test-support/redis.ts';
import { createRedisStreamRegistry } from './redis-registry.ts';
import { heartbeatKey } from './stream-heartbeat.ts';
import type { StreamFrame } from './stream-registry.ts';
import { deltaOf, ended } from '../test-support/stream-registry-suite.ts';

// Reads the heartbeat keys as Redis keeps them: when each ends, on the Redis server's clock.
const redis = new Redis(testRedisUrl);
afterAll(() => redis.quit());
const beatEndsAt = async (prefix: string, streamId: string) => Number(await redis.call('PEXPIRETIME', heartbeatKey(prefix, streamId)));
const redisNowMs = async () => {
  const [seconds, micros] = await redis.time();
  return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
};

describe('stream heartbeats in Redis', () => {
  const pair = (heartbeatTtlMs: number) => {
    const prefix = `parley-test:stream:${randomBytes(6).toString('hex')}:`;
    return [createRedisStreamRegistry({ url: testRedisUrl, prefix, heartbeatTtlMs }), createRedisStreamRegistry({ url: testRedisUrl, prefix, heartbeatTtlMs }), prefix] as const;
  };

  it('keeps a running stream alive past its time to live, and lets another instance end it once its instance stops beating', async () => {
    const [dying, survivor, prefix] = pair(300);
    const info = { streamId: randomUUID(), userId: randomUUID(), conversationId: randomUUID(), replyId: 'r_' };
    await dying.create(info, 1);
    const firstBeatEnds = await beatEndsAt(prefix, info.streamId);
    await dying.append(info.streamId, { event: 'message', data: deltaOf('') });
    await dying.append(info.streamId, { event: 'message', data: deltaOf('kept') });
    // Until a beat has pushed the end three times the time to live past the first one's: the
    // running instance's beats keep it running well after its first beat would have ended.
    await waitUntil(async () => (await beatEndsAt(prefix, info.streamId)) > firstBeatEnds + 3 * 300);
    expect(await redisNowMs()).toBeGreaterThan(firstBeatEnds);
    expect(await survivor.isRunning(info.streamId)).toBe(true);
    expect(await survivor.endDead(info.streamId, { event: 'message', data: ended })).toBeNull();
    expect(await survivor.find(info.userId, info.streamId)).toEqual({ streamId: info.streamId, userId: info.userId, conversationId: info.conversationId, replyId: 'r_' });

    const frames: StreamFrame[] = [];
    const subscription = await survivor.subscribe(info.streamId, -1, (frame) => frames.push(frame));
    await waitUntil(() => frames.length === 2);
    await dying.close();
    await waitUntil(async () => !(await survivor.isRunning(info.streamId)));
    // The slot of the dead stream is free again for the next claim.
    expect(await survivor.liveCount(info.userId)).toBe(0);

    expect(await survivor.endDead(info.streamId, { event: 'message', data: { message: true, seq: 2, delta: 'kept at the end' } })).toBe(2);
    await waitUntil(() => frames.length === 3);
    expect(frames.map((f) => [f.seq, f.last, f.data])).toEqual([
      [0, false, deltaOf('')],
      [1, false, deltaOf('kept')],
      [2, true, { message: true, seq: 2, delta: 'kept at the end' }],
    ]);
    expect(await survivor.endDead(info.streamId, { event: 'message', data: ended })).toBeNull();
    expect(await survivor.requestAbort(info.streamId)).toBe(false);
    subscription!.close();
    await survivor.close();
  });

  it('stops all of a dead instance’s streams at the same moment, however far apart they were claimed', async () => {
    const [dying, survivor, prefix] = pair(2000);
    const userId = randomUUID();
    const [first, second] = [randomUUID(), randomUUID()];
    await dying.create({ streamId: first, userId, conversationId: randomUUID() }, 2);
    const claimedAt = await redisNowMs();
    // Claimed later (once Redis's clock has moved on), between two beats: its first beat ends with the first stream's.
    await waitUntil(async () => (await redisNowMs()) > claimedAt);
    await dying.create({ streamId: second, userId, conversationId: randomUUID() }, 2);
    // Read together, so no beat falls between the two reads.
    const [firstEnds, secondEnds] = (await redis.eval(
      "return {redis.call('PEXPIRETIME', KEYS[1]), redis.call('PEXPIRETIME', KEYS[2])}",
      2,
      heartbeatKey(prefix, first),
      heartbeatKey(prefix, second),
    )) as [number, number];
    expect(secondEnds).toBe(firstEnds);
    await dying.close();
    await waitUntil(async () => !(await survivor.isRunning(first)));
    expect(await survivor.isRunning(second)).toBe(false);
    await survivor.close();
  });

  it('frees a dead stream’s slot when the user claims again', async () => {
    const [dying, survivor] = pair(200);
    const userId = randomUUID();
    await dying.create({ streamId: randomUUID(), userId, conversationId: randomUUID() }, 1);
    expect(await survivor.create({ streamId: randomUUID(), userId, conversationId: randomUUID() }, 1)).toMatchObject({ ok: false });
    await dying.close();
    await waitUntil(async () => (await survivor.create({ streamId: randomUUID(), userId, conversationId: randomUUID() }, 1)).ok);
    await survivor.close();
  });
});
