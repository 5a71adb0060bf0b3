import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import type { FastifyInstance } from 'fastify';

const bigScript = `export const words = ${JSON.stringify('parley '.repeat(2000))};`;

describe('serving the SPA', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'parley-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets', 'big-0a1b2c3d.js'), bigScript);
    writeFileSync(path.join(dist, 'assets', 'big-0a1b2c3d.js.br'), brotliCompressSync(bigScript));
    writeFileSync(path.join(dist, 'assets', 'big-0a1b2c3d.js.gz'), gzipSync(bigScript));
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp('pglite', {}, { webDist: dist });
    app = t.app;
  });
  afterAll(() => t.close());

  it('falls back to index.html for client routes', async () => {
    for (const url of ['/', '/chat/new', '/search/hello?x=1', '/reset-password?token=a&userId=b']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('id="root"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and makes everything else revalidate', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the brotli or gzip copy written at build time, by Accept-Encoding', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/big-0a1b2c3d.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    expect(br.rawPayload.length).toBeLessThan(bigScript.length / 10);

    const gz = await app.inject({ method: 'GET', url: '/assets/big-0a1b2c3d.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);

    const plain = await app.inject({ method: 'GET', url: '/assets/big-0a1b2c3d.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('keeps JSON 404s for unknown API paths and missing assets', async () => {
    for (const url of ['/api/unknown', '/assets/missing.js', '/oauth/nowhere']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
  });
});

describe('a server without a web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { webDist: path.join(mkdtempSync(path.join(tmpdir(), 'parley-no-dist-')), 'dist') });
  });
  afterAll(() => t.close());

  it('answers a page path with a 404 page that names the build command', async () => {
    for (const url of ['/', '/chat/new']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('npm run build');
    }
  });

  it('keeps JSON 404s for the API and for assets', async () => {
    for (const url of ['/api/unknown', '/assets/app.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
  });
});
