import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testRedisUrl } from '../test/redis.ts';
import { createRedisStreamRegistry } from './redis-registry.ts';
import type { StreamFrame } from './stream-registry.ts';
import { deltaOf, ended } from './registry-suite.ts';

const waitFor = async (check: () => Promise<boolean> | boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('stream heartbeats in Redis', () => {
  const pair = (heartbeatTtlMs: number) => {
    const prefix = `parley-test:stream:${randomBytes(6).toString('hex')}:`;
    return [createRedisStreamRegistry({ url: testRedisUrl, prefix, heartbeatTtlMs }), createRedisStreamRegistry({ url: testRedisUrl, prefix, heartbeatTtlMs })] as const;
  };

  it('keeps a running stream alive past its time to live, and lets another instance end it once its instance stops beating', async () => {
    const [dying, survivor] = pair(300);
    const info = { streamId: randomUUID(), userId: randomUUID(), conversationId: randomUUID(), replyId: 'r_' };
    await dying.create(info, 1);
    await dying.append(info.streamId, { event: 'message', data: deltaOf('') });
    await dying.append(info.streamId, { event: 'message', data: deltaOf('kept') });
    // Several times the time to live: the running instance's beats keep it running.
    const started = Date.now();
    await waitFor(() => Date.now() - started > 900);
    expect(await survivor.isRunning(info.streamId)).toBe(true);
    expect(await survivor.endDead(info.streamId, { event: 'message', data: ended })).toBeNull();
    expect(await survivor.find(info.userId, info.streamId)).toEqual({ streamId: info.streamId, userId: info.userId, conversationId: info.conversationId, replyId: 'r_' });

    const frames: StreamFrame[] = [];
    const subscription = await survivor.subscribe(info.streamId, -1, (frame) => frames.push(frame));
    await waitFor(() => frames.length === 2);
    await dying.close();
    await waitFor(async () => !(await survivor.isRunning(info.streamId)));
    // The slot of the dead stream is free again for the next claim.
    expect(await survivor.liveCount(info.userId)).toBe(0);

    expect(await survivor.endDead(info.streamId, { event: 'message', data: { message: true, seq: 2, delta: 'kept at the end' } })).toBe(2);
    await waitFor(() => frames.length === 3);
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
    const [dying, survivor] = pair(2000);
    const userId = randomUUID();
    const [first, second] = [randomUUID(), randomUUID()];
    await dying.create({ streamId: first, userId, conversationId: randomUUID() }, 2);
    // Claimed between two beats: its first beat lives only as long as the first stream's.
    await new Promise((r) => setTimeout(r, 200));
    await dying.create({ streamId: second, userId, conversationId: randomUUID() }, 2);
    await dying.close();
    await waitFor(async () => !(await survivor.isRunning(first)));
    expect(await survivor.isRunning(second)).toBe(false);
    await survivor.close();
  });

  it('frees a dead stream’s slot when the user claims again', async () => {
    const [dying, survivor] = pair(200);
    const userId = randomUUID();
    await dying.create({ streamId: randomUUID(), userId, conversationId: randomUUID() }, 1);
    expect(await survivor.create({ streamId: randomUUID(), userId, conversationId: randomUUID() }, 1)).toMatchObject({ ok: false });
    await dying.close();
    await waitFor(async () => (await survivor.create({ streamId: randomUUID(), userId, conversationId: randomUUID() }, 1)).ok);
    await survivor.close();
  });
});
