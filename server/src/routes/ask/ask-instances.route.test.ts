import { randomBytes } from 'node:crypto';
import type { AbortResponse, CreatedEvent } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../root/build-app.ts';
import { collectSse, deltasOf, finalOf, json, readSse, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { createRedisStreamRegistry } from '../../streams/redis-registry.ts';
import type { StreamRegistry } from '../../streams/stream-registry.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { testRedisUrl } from '../../test-support/redis.ts';

const redisUrl = testRedisUrl;

/** Two app instances on one database and one Redis: what a scaled-out deployment runs. */
describe.each(testDatabaseKinds)('two instances sharing Redis on %s', (kind) => {
  let s: ChatStack;
  let registries: StreamRegistry[];
  let instances: { app: FastifyInstance; url: string }[];

  beforeAll(async () => {
    s = await startChatStack(kind);
    const prefix = `parley-test:stream:${randomBytes(6).toString('hex')}:`;
    registries = [createRedisStreamRegistry({ url: redisUrl, prefix }), createRedisStreamRegistry({ url: redisUrl, prefix })];
    instances = [];
    for (const streams of registries) {
      const app = await buildApp({ ...s.t.ctx, streams });
      instances.push({ app, url: await app.listen({ port: 0, host: '127.0.0.1' }) });
    }
  });
  afterAll(async () => {
    for (const { app } of instances) await app.close();
    for (const registry of registries) await registry.close();
    await s.close();
  });

  it('resumes on one instance and aborts from it a stream running on the other', async () => {
    const alice = await s.t.signUp();
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    s.upstream.enqueue({ chunks: ['left ', 'right '], hold: true });
    const body = JSON.stringify({ text: 'Walk', endpoint: 'openAI', model: 'gpt-4o', conversationId: null });
    const onA = collectSse(await fetch(`${a.url}/api/ask/openAI`, { method: 'POST', headers: alice.headers, body }));
    await onA.until((frames) => deltasOf(frames).length === 2);
    const { streamId, conversationId } = onA.frames[0]!.data as CreatedEvent;

    const resumed = collectSse(await fetch(`${b.url}/api/ask/stream/${streamId}?after=1`, { headers: alice.headers }));
    await resumed.until((frames) => deltasOf(frames).length === 1);
    expect(deltasOf(resumed.frames)[0]).toMatchObject({ seq: 2, delta: 'right ' });

    const answer = await json<AbortResponse>(
      fetch(`${b.url}/api/ask/openAI/abort`, { method: 'POST', headers: alice.headers, body: JSON.stringify({ abortKey: conversationId }) }),
    );
    expect(answer.responseMessage).toMatchObject({ text: 'left right ', cancelled: true });
    await Promise.all([onA.done, resumed.done]);
    expect(finalOf(onA.frames).responseMessage.messageId).toBe(answer.responseMessage.messageId);
    expect(finalOf(resumed.frames).responseMessage.messageId).toBe(answer.responseMessage.messageId);
  });

  it('counts one user’s live streams across both instances', async () => {
    const bob = await s.t.signUp();
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    s.upstream.enqueue({ chunks: ['1'], hold: true }, { chunks: ['2'], hold: true });
    const body = (text: string) => JSON.stringify({ text, endpoint: 'openAI', model: 'gpt-4o', conversationId: null });
    const open = (url: string, text: string) => fetch(`${url}/api/ask/openAI`, { method: 'POST', headers: bob.headers, body: body(text) });
    const streams = [collectSse(await open(a.url, 'one')), collectSse(await open(b.url, 'two'))];
    for (const stream of streams) await stream.until((frames) => deltasOf(frames).length === 1);
    const refused = await readSse(await open(a.url, 'three'));
    expect(refused[0]!.event).toBe('error');
    for (const stream of streams) {
      const { streamId } = stream.frames[0]!.data as CreatedEvent;
      // The answer is read to its end: a compressed body left unread keeps its connection busy, and the app from closing.
      await json<AbortResponse>(fetch(`${b.url}/api/ask/openAI/abort`, { method: 'POST', headers: bob.headers, body: JSON.stringify({ abortKey: streamId }) }));
      await stream.done;
    }
  });
});
