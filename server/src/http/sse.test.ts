import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStreamRegistry } from '../streams/memory-registry.ts';
import { openEventStream, pipeStream } from './sse.ts';
import { deltaOf, ended } from '../test-support/stream-registry-suite.ts';

describe('pipeStream', () => {
  const registry = createMemoryStreamRegistry();
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    app = Fastify();
    app.get('/stream/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      openEventStream(reply);
      await pipeStream(reply, registry, id, Number((request.query as { after?: string }).after ?? -1), 40);
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await registry.close();
  });

  it('sends SSE headers, pings while idle, frames with ids, and ends after the last frame', async () => {
    await registry.create({ streamId: 's1', userId: 'u', conversationId: 'c' }, 5);
    await registry.append('s1', { event: 'message', data: deltaOf('') });
    const response = await fetch(`${url}/stream/s1`);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    // Read until the idle stream has pinged, then end it with the last frame.
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let body = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      body += chunk.value;
      if (body.includes(': ping\n\n')) break;
    }
    await registry.append('s1', { event: 'error', data: { error: true, text: '{"type":"x"}' }, last: true });
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) body += chunk.value;
    expect(body.startsWith('event: message\nid: 0\ndata: {"message":true,"seq":1,"delta":""}\n\n')).toBe(true);
    expect(body).toContain(': ping\n\n');
    expect(body.endsWith('event: error\nid: 1\ndata: {"error":true,"text":"{\\"type\\":\\"x\\"}"}\n\n')).toBe(true);
  });

  it('sends the head with the first frame when one is ready, and at once when none is', async () => {
    await registry.create({ streamId: 's3', userId: 'u', conversationId: 'c3' }, 5);
    const waiting = await fetch(`${url}/stream/s3`);
    expect(waiting.status).toBe(200);
    await registry.append('s3', { event: 'message', data: ended, last: true });
    expect((await waiting.text()).endsWith('event: message\nid: 0\ndata: {"message":true,"seq":2,"delta":"end"}\n\n')).toBe(true);
  });

  it('replays only the frames after `after` for an ended stream and closes at once', async () => {
    await registry.create({ streamId: 's2', userId: 'u', conversationId: 'c2' }, 5);
    for (const delta of ['a', 'b']) await registry.append('s2', { event: 'message', data: deltaOf(delta) });
    await registry.append('s2', { event: 'message', data: ended, last: true });
    const body = await (await fetch(`${url}/stream/s2?after=0`)).text();
    expect(body).toBe('event: message\nid: 1\ndata: {"message":true,"seq":1,"delta":"b"}\n\nevent: message\nid: 2\ndata: {"message":true,"seq":2,"delta":"end"}\n\n');
  });
});
