import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './sse.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { securityHeaders } from './security-headers.ts';

type Headers = Record<string, string | string[] | number | undefined>;

function expectBrowserPolicy(headers: Headers, url: string) {
  const csp = String(headers['content-security-policy']);
  expect(csp, url).toContain("script-src 'self'");
  expect(csp, url).toContain("frame-ancestors 'none'");
  expect(csp, url).not.toContain('unsafe-eval');
  expect(csp.match(/script-src[^;]*/)![0], url).not.toContain('unsafe-inline');
  expect(headers['x-content-type-options'], url).toBe('nosniff');
  expect(headers['referrer-policy'], url).toBe('same-origin');
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'parley-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-1a2b3c4d.js'), 'console.log(1)');
    t = await createTestApp('pglite', { TRUST_PROXY: 'true' });
    // The SPA is registered with the app, so the test app is rebuilt with a dist to serve.
    await t.app.close();
    const { buildApp } = await import('../root/build-app.ts');
    t.app = await buildApp({ ...t.ctx, webDist: dist });
  });
  afterAll(() => t.close());

  it('are on API answers, errors, the SPA, its assets and unknown paths', async () => {
    for (const url of ['/api/health', '/api/config', '/api/convos', '/', '/chat/new', '/assets/app-1a2b3c4d.js', '/api/nowhere', '/assets/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectBrowserPolicy(res.headers, url);
    }
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{nope' });
    expect(bad.statusCode).toBe(400);
    expectBrowserPolicy(bad.headers, 'bad JSON');
  });

  it('send HSTS only to a request that came over TLS (directly or by a trusted proxy)', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const viaProxy = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('are on event streams, which write their own head after hijacking the reply', async () => {
    const app = Fastify();
    securityHeaders(app);
    app.get('/events', (_request, reply) => {
      openEventStream(reply);
      reply.raw.end('data: {}\n\n');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/events' });
      expect(res.headers['content-type']).toContain('text/event-stream');
      expectBrowserPolicy(res.headers, '/events');
    } finally {
      await app.close();
    }
  });
});
