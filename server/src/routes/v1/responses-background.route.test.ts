import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import OpenAI from 'openai';
import type { ResponseStreamEvent } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../root/build-app.ts';
import { createRedisStreamRegistry } from '../../streams/redis-registry.ts';
import type { StreamRegistry } from '../../streams/stream-registry.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { dialectModels, startDialectStack, type DialectStack } from '../../test-support/dialect-stack.ts';
import { recordWait } from '../../test-support/record-wait.ts';
import { testRedisUrl } from '../../test-support/redis.ts';

// The registry is what this is about; the database only holds keys and records (PostgreSQL starts faster where it runs).
const kind = testDatabaseKinds.includes('postgres') ? 'postgres' : testDatabaseKinds[0]!;
const textOf = (events: ResponseStreamEvent[]) => events.map((e) => (e.type === 'response.output_text.delta' ? e.delta : '')).join('');

/**
 * `background: true` on `/v1/responses` through the official `openai` SDK, with two Parley
 * instances on one Redis: a response started on one is read, resumed and cancelled on the
 * other. An OpenAI model (passed through) and a Claude model (translated) alike.
 */
describe('background responses: resumable and cancellable from any instance', () => {
  let s: DialectStack;
  let other: { app: FastifyInstance; url: string; streams: StreamRegistry };
  const prefix = `parley:test:${randomUUID()}:`;

  beforeAll(async () => {
    s = await startDialectStack(kind, { streams: createRedisStreamRegistry({ url: testRedisUrl, prefix }) });
    const streams = createRedisStreamRegistry({ url: testRedisUrl, prefix });
    const app = await buildApp({ ...s.t.ctx, streams });
    other = { app, streams, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
  }, 120_000);
  afterAll(async () => {
    await other?.app.close();
    await other?.streams.close();
    await s?.close();
  });

  const otherClient = (key: string) => new OpenAI({ apiKey: key, baseURL: `${other.url}/v1`, maxRetries: 0 });
  const cases = [
    ['an OpenAI model, passed through', dialectModels.gpt],
    ['a Claude model, translated', dialectModels.claude],
  ] as const;

  it.each(cases)('%s: goes on after the caller leaves, and resumes after the last event it saw', async (_, model) => {
    const fake = model === dialectModels.gpt ? s.upstream : s.anthropic;
    const { key, keyId, client } = await s.keyClient({ quota: 10 });
    fake.enqueue({ chunks: ['one ', 'two ', 'three'], delayMs: 40 });
    const upstreamIndex = fake.requests.length;
    const stream = await client.responses.create({ model, input: 'go', background: true, stream: true });
    let id = '';
    let seen = -1;
    for await (const event of stream) {
      if (event.type === 'response.created') id = event.response.id;
      seen = event.sequence_number;
      if (event.type === 'response.output_text.delta') break;
    }
    expect(id).toMatch(/^resp_/);
    // The caller left after the first words; the answer is written to the end all the same.
    const elsewhere = otherClient(key);
    await expect.poll(async () => (await elsewhere.responses.retrieve(id)).status, { timeout: 5000 }).toBe('completed');
    expect(fake.requests[upstreamIndex]!.disconnected).not.toBe(true);
    const rest: ResponseStreamEvent[] = [];
    for await (const event of await elsewhere.responses.retrieve(id, { stream: true, starting_after: seen })) rest.push(event);
    expect(rest[0]!.sequence_number).toBe(seen + 1);
    expect(rest.map((e) => e.sequence_number)).toEqual(rest.map((_, i) => seen + 1 + i));
    expect(textOf(rest)).toBe('two three');
    expect(rest.at(-1)).toMatchObject({ type: 'response.completed', response: { id, status: 'completed', background: true } });
    const whole = (await elsewhere.responses.retrieve(id)) as OpenAI.Responses.Response;
    expect(whole.output_text).toBe('one two three');
    await expect.poll(async () => (await s.lastRecord(keyId))?.status, recordWait).toBe('ok');
    expect(await s.quotaOf(keyId)).toBe(9);
  });

  it.each(cases)('%s: a cancel from the other instance stops the upstream call and charges only what was produced', async (_, model) => {
    const fake = model === dialectModels.gpt ? s.upstream : s.anthropic;
    const { key, keyId, client } = await s.keyClient({ quota: 5 });
    fake.enqueue({ chunks: ['partial'], hold: true });
    const upstreamIndex = fake.requests.length;
    const created = await client.responses.create({ model, input: 'go', background: true });
    expect(created).toMatchObject({ object: 'response', background: true, status: 'in_progress' });
    const elsewhere = otherClient(key);
    for await (const event of await elsewhere.responses.retrieve(created.id, { stream: true })) if (event.type === 'response.output_text.delta') break;
    const cancelled = await elsewhere.responses.cancel(created.id);
    expect(cancelled).toMatchObject({ id: created.id, status: 'cancelled' });
    await fake.waitForDisconnect(upstreamIndex);
    expect(await client.responses.cancel(created.id)).toMatchObject({ status: 'cancelled' });
    expect(await client.responses.retrieve(created.id)).toMatchObject({ status: 'cancelled' });
    await expect.poll(async () => (await s.lastRecord(keyId))?.status, recordWait).toBe('cancelled');
    expect(await s.lastRecord(keyId)).toMatchObject({ charged: 1 });
    expect(await s.quotaOf(keyId)).toBe(4);
  });

  it('keeps a response to its caller, refuses to cancel a finished one, and wants store', async () => {
    const { key, client } = await s.keyClient();
    s.upstream.enqueue({ chunks: ['done'] });
    const { id } = await client.responses.create({ model: dialectModels.gpt, input: 'go', background: true });
    await expect.poll(async () => (await client.responses.retrieve(id)).status).toBe('completed');
    await expect(client.responses.cancel(id)).rejects.toMatchObject({ status: 400 });
    const stranger = (await s.keyClient()).client;
    await expect(stranger.responses.retrieve(id)).rejects.toMatchObject({ status: 404 });
    await expect(stranger.responses.cancel(id)).rejects.toMatchObject({ status: 404 });
    await expect(otherClient(key).responses.retrieve('resp_nope')).rejects.toMatchObject({ status: 404 });
    await expect(client.responses.create({ model: dialectModels.gpt, input: 'go', background: true, store: false })).rejects.toMatchObject({ status: 400, param: 'background' });
  });
});
