import { placeholderResponseId, type AbortResponse, type CreatedEvent } from '@parley/core';
import { startOpenAIFake, waitUntil, type FakeUpstream } from '@parley/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { buildApp } from '../../root/build-app.ts';
import { collectSse, deltasOf, finalOf, json, listenTestApp, readSse, type ListeningApp } from '../../test-support/chat-stack.ts';
import { findMessage } from '../../services/messages/message-store.ts';
import { createRedisStreamRegistry } from '../../streams/redis-registry.ts';
import type { StreamRegistry } from '../../streams/stream-registry.ts';
import { createThrowawayPostgres, testDatabaseKinds } from '../../test-support/databases.ts';
import { startParleyChild, type ParleyChild } from '../../test-support/parley-child.ts';
import { testRedisUrl } from '../../test-support/redis.ts';

type Who = Awaited<ReturnType<ListeningApp['signUp']>>;

const poll = (check: () => Promise<boolean>, timeout: number, what: string) => waitUntil(check, { timeout, interval: 50, what });

/**
 * Two instances on one PostgreSQL and one Redis; the one running the streams is a real process
 * that is SIGKILLed mid-stream. The survivor ends its streams with what was saved.
 */
describe.runIf(testDatabaseKinds.includes('postgres'))('a killed instance, its streams ended by the survivor (PostgreSQL + Redis)', () => {
  let upstream: FakeUpstream;
  let dropDatabase: () => Promise<void>;
  let t: ListeningApp;
  let streams: StreamRegistry;
  let survivor: { app: FastifyInstance; url: string };
  let dying: ParleyChild;

  beforeAll(async () => {
    upstream = await startOpenAIFake();
    const throwaway = await createThrowawayPostgres();
    dropDatabase = throwaway.drop;
    const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${upstream.url}/v1`, REDIS_URL: testRedisUrl };
    t = await listenTestApp('postgres', env, { database: await openDatabase({ url: throwaway.url }) });
    // The same registry (default key prefix, heartbeat) as the child's.
    streams = createRedisStreamRegistry({ url: testRedisUrl });
    const app = await buildApp({ ...t.ctx, streams });
    survivor = { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
    dying = await startParleyChild({ ...env, DATABASE_URL: throwaway.url, DATA_DIR: t.ctx.env.DATA_DIR });
  }, 200_000);
  afterAll(async () => {
    await dying?.stop();
    await survivor?.app.close();
    await streams?.close();
    await t?.close();
    await dropDatabase?.();
    await upstream?.close();
  });

  const open = (url: string, who: Who, messageId: string) =>
    fetch(`${url}/api/ask/openAI`, {
      method: 'POST',
      headers: who.headers,
      body: JSON.stringify({ text: `Question ${messageId}`, messageId, endpoint: 'openAI', model: 'gpt-4o', conversationId: null }),
    });

  /** A stream held open on the dying instance once its text is shown and saved. */
  async function heldStream(who: Who, messageId: string, chunks: string[]) {
    upstream.enqueue({ chunks, hold: true });
    const stream = collectSse(await open(dying.url, who, messageId));
    // The connection dies with the instance.
    stream.done.catch(() => undefined);
    await stream.until((frames) => deltasOf(frames).length === chunks.length, 10_000);
    const shown = deltasOf(stream.frames).map((d) => d.delta).join('');
    expect(shown).toBe(chunks.join(''));
    // The partial reply is saved at least every second: wait for the save that has all of it.
    await poll(async () => (await findMessage(t.ctx.db, who.userId, placeholderResponseId(messageId)))?.text === shown, 5000, 'the partial reply is saved');
    return { stream, shown, created: stream.frames[0]!.data as CreatedEvent, lastSeq: Number(stream.frames.at(-1)!.id) };
  }

  it('resumes within 10 s with the stored partial reply, aborts at once, and frees the dead streams’ slots', async () => {
    const [alice, bob] = [await t.signUp(), await t.signUp()];
    const resumed = await heldStream(alice, 'dead-resume', ['Half ', 'a reply, ', '半分の返事 ', '🙂 and no more']);
    const aborted = await heldStream(alice, 'dead-abort', ['Stopped ', 'here — ', 'für immer']);
    // Bob fills his two slots on the dying instance; nobody resumes or aborts them.
    for (const id of ['dead-bob-1', 'dead-bob-2']) await heldStream(bob, id, [`${id} text`]);

    await dying.kill();
    const killedAt = Date.now();

    const resume = await fetch(`${survivor.url}/api/ask/stream/${resumed.created.streamId}?after=${resumed.lastSeq}`, { headers: alice.headers });
    expect(resume.status).toBe(200);
    const frames = await readSse(resume);
    const resumeMs = Date.now() - killedAt;
    expect(resumeMs).toBeLessThan(10_000);
    const final = finalOf(frames);
    expect(final.responseMessage).toMatchObject({ messageId: placeholderResponseId('dead-resume'), unfinished: true, parentMessageId: 'dead-resume' });
    expect([...final.responseMessage.text]).toEqual([...resumed.shown]);
    expect(final.requestMessage.messageId).toBe('dead-resume');
    expect(final.conversation.conversationId).toBe(resumed.created.conversationId);

    const abortStarted = Date.now();
    const answer = await json<AbortResponse>(
      fetch(`${survivor.url}/api/ask/openAI/abort`, { method: 'POST', headers: alice.headers, body: JSON.stringify({ abortKey: aborted.created.conversationId }) }),
    );
    expect(Date.now() - abortStarted).toBeLessThan(1000);
    expect(answer.responseMessage).toMatchObject({ messageId: placeholderResponseId('dead-abort'), unfinished: true });
    expect([...answer.responseMessage.text]).toEqual([...aborted.shown]);
    const stored = await findMessage(t.ctx.db, alice.userId, placeholderResponseId('dead-abort'));
    expect([...stored!.text]).toEqual([...aborted.shown]);

    await poll(async () => (await streams.liveCount(bob.userId)) === 0, 30_000 - (Date.now() - killedAt), 'bob’s slots are freed');
    console.info(`dead instance: resume ended ${resumeMs} ms after the kill (target < 10,000), bob's slots freed ${Date.now() - killedAt} ms after (target < 30,000)`);
    upstream.enqueue({ chunks: ['Back again.'] });
    const again = await readSse(await open(survivor.url, bob, 'dead-bob-3'));
    expect(finalOf(again).responseMessage.text).toBe('Back again.');
  }, 60_000);
});
