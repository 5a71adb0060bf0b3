import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryStreamRegistry } from '../streams/memory-registry.ts';
import { openEventStream, pipeStream } from './sse.ts';
import { deltaOf, ended } from '../test-support/stream-registry-suite.ts';

describe('pipeStream', () => {
  const registry = createMemoryStreamRegistry();
  let app: FastifyInstance;
  let url: string;
  // The server's side of each response, to read what it has queued for its client.
  const responses = new Map<string, ServerResponse>();

  beforeAll(async () => {
    app = Fastify();
    app.get('/stream/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      responses.set(id, reply.raw);
      openEventStream(reply);
      await pipeStream(reply, registry, id, Number((request.query as { after?: string }).after ?? -1), { pingMs: 40 });
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

  it('queues next to nothing for a client that stops reading, then sends it every frame once, in order, as it reads again', async () => {
    await registry.create({ streamId: 's4', userId: 'u', conversationId: 'c4' }, 5);
    const response = await new Promise<IncomingMessage>((resolve) => http.get(`${url}/stream/s4`, resolve));
    response.pause();
    await vi.waitFor(() => expect(responses.has('s4')).toBe(true));
    // 16 MB of frames while the client reads nothing: far past what the loopback socket holds.
    const text = 'x'.repeat(400);
    const frames = 40_000;
    for (let n = 0; n < frames; n++) await registry.append('s4', { event: 'message', data: deltaOf(text) });
    expect(responses.get('s4')!.writableLength).toBeLessThan(256 * 1024);
    await registry.append('s4', { event: 'message', data: ended, last: true });
    response.setEncoding('utf8');
    let body = '';
    response.on('data', (chunk: string) => (body += chunk));
    response.resume();
    await new Promise((resolve) => response.on('end', resolve));
    const ids = [...body.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
    expect(ids).toEqual(Array.from({ length: frames + 1 }, (_, seq) => seq));
    expect(body.endsWith('"delta":"end"}\n\n')).toBe(true);
  });
});

