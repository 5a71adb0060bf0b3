import type { AdminChannel, AuditEntry, AdminPage, ChannelTestAnswer } from '@parley/core';
import { startOpenAIFake, type FakeUpstream } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { callAdmin, signUpAccount } from '../../test-support/admin-callers.ts';

describe.each(testDatabaseKinds)('the console’s Channels section on %s', (kind) => {
  let t: TestApp;
  let upstream: FakeUpstream;
  let headers: Record<string, string>;
  let name: string;
  const channels = async () => (await callAdmin(t.app, headers, 'GET', '/api/admin/channels')).json<{ items: AdminChannel[] }>().items;

  beforeAll(async () => {
    upstream = await startOpenAIFake({ apiKey: 'sk-good' });
    t = await createTestApp(kind, { OPENAI_API_KEY: 'sk-good', OPENAI_BASE_URL: `${upstream.url}/v1`, OPENAI_MODELS: 'gpt-4o' });
    headers = (await signUpAccount(t.ctx, { admin: true })).headers;
    name = (await channels())[0]!.name;
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  it('lists the channels with their state, never a key', async () => {
    const res = await callAdmin(t.app, headers, 'GET', '/api/admin/channels');
    expect(res.json<{ items: AdminChannel[] }>().items[0]).toMatchObject({ type: 'openai', source: 'env', state: 'enabled', reason: null, keys: 1 });
    expect(res.body).not.toContain('sk-good');
  });

  it('disables and enables a channel, each change in the audit log', async () => {
    const disabled = await callAdmin(t.app, headers, 'POST', `/api/admin/channels/${name}/disable`);
    expect(disabled.json<AdminChannel>().state).toBe('disabled');
    expect((await channels())[0]!.state).toBe('disabled');
    expect((await callAdmin(t.app, headers, 'POST', `/api/admin/channels/${name}/enable`)).json<AdminChannel>().state).toBe('enabled');
    const audit = (await callAdmin(t.app, headers, 'GET', '/api/admin/audit?area=channel')).json<AdminPage<AuditEntry>>().items;
    expect(audit.map((e) => e.action)).toEqual(['channel.enable', 'channel.disable']);
    expect(audit[1]).toMatchObject({ target: name, before: { state: 'enabled' }, after: { state: 'disabled' } });
  });

  it('tests a channel: each key asked for a word, the answer and the state after', async () => {
    const res = await callAdmin(t.app, headers, 'POST', `/api/admin/channels/${name}/test`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<ChannelTestAnswer>();
    expect(answer).toMatchObject({ ok: true, keys: [{ key: 1, ok: true }], channel: { name, state: 'enabled' } });
    expect(res.body).not.toContain('sk-good');
  });

  it('answers 404 for a channel it does not have', async () => {
    expect((await callAdmin(t.app, headers, 'POST', '/api/admin/channels/nope/disable')).statusCode).toBe(404);
    expect((await callAdmin(t.app, headers, 'POST', '/api/admin/channels/nope/test')).statusCode).toBe(404);
  });
});
