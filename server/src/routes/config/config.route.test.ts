import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startupConfigSchema } from '@parley/core';
import { createTestApp, type TestApp } from '../../test-support/app.ts';

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
      ANTHROPIC_MODEL_ALIASES: 'claude-1=claude-sonnet-4-6',
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
      freeCallsPerDay: 10,
      topUpPacks: [
        { quota: 1000, price: 20 },
        { quota: 3000, price: 50 },
      ],
      payMethods: [1, 2],
      creditsPerYuan: 140_000,
      paymentsEnabled: false,
      // The operator's overrides only, so the model picker names the model that really answers.
      modelAliases: { anthropic: { 'claude-1': 'claude-sonnet-4-6' } },
    });
    expect(startupConfigSchema.parse(body)).toEqual(body);
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
