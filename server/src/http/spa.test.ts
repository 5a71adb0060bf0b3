import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { testEnv } from '../test/app.ts';
import { createTestDatabase } from '../test/databases.ts';
import type { Database } from '../db/client.ts';
import type { FastifyInstance } from 'fastify';

describe('serving the SPA', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'parley-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    database = await createTestDatabase('pglite');
    const env = testEnv();
    app = await buildApp({
      env,
      db: database.db,
      webDist: dist,
      secrets: { jwtSecret: 'a', jwtRefreshSecret: 'b', credsKey: env.CREDS_KEY! },
    } as Parameters<typeof buildApp>[0]);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('falls back to index.html for client routes', async () => {
    for (const url of ['/', '/chat/new', '/search/hello?x=1', '/reset-password?token=a&userId=b']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('id="root"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves built assets with long caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps JSON 404s for unknown API paths and missing assets', async () => {
    for (const url of ['/api/unknown', '/assets/missing.js', '/oauth/nowhere']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
  });
});
