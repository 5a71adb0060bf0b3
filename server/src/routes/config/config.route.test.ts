import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

describe('GET /api/config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      APP_TITLE: 'Team Chat',
      ALLOW_REGISTRATION: 'false',
      ALLOW_SOCIAL_LOGIN: 'true',
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
      OPENID_BUTTON_LABEL: 'Company SSO',
    });
  });
  afterAll(() => t.close());

  it('presents the public startup config with per-provider login flags', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      appTitle: 'Team Chat',
      registrationEnabled: false,
      emailEnabled: false,
      socialLoginEnabled: true,
      githubLoginEnabled: true,
      googleLoginEnabled: false,
      openidLoginEnabled: false,
      openidLabel: 'Company SSO',
      serverDomain: 'http://127.0.0.1:3080',
      accessMode: 'accounts',
      version: '3.3.2',
    });
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('answers health with the database reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', redis: 'not_configured' });
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found', status: 404 });
  });
});
