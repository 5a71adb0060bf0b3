import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { listenTestApp, type ListeningApp } from '../test-support/chat-stack.ts';
import { compression } from './compression.ts';

describe('compressed answers', () => {
  let t: ListeningApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await listenTestApp('pglite', { OPENAI_API_KEY: 'sk-server', ANTHROPIC_API_KEY: 'sk-server', GOOGLE_API_KEY: 'k' });
    auth = (await t.signUp()).headers as Record<string, string>;
  });
  afterAll(() => t.close());

  it('compresses JSON over 1 KB with brotli or gzip, as the client accepts', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/models', headers: auth });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ method: 'GET', url: '/api/models', headers: { ...auth, 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);

    const gz = await t.app.inject({ method: 'GET', url: '/api/models', headers: { ...auth, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves answers under 1 KB as they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses an event stream, even a large one sent as a whole', async () => {
    const app = Fastify();
    await compression(app);
    const frames = 'data: {"delta":"hello"}\n\n'.repeat(200);
    app.get('/events', (_request, reply) => reply.type('text/event-stream').send(frames));
    try {
      const res = await app.inject({ method: 'GET', url: '/events', headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(frames);
    } finally {
      await app.close();
    }
  });
});
