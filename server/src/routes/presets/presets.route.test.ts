import type { ApiErrorBody, Preset } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningApp } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

type Who = Awaited<ReturnType<ListeningApp['signUp']>>;

describe.each(testDatabaseKinds)('preset routes on %s', (kind) => {
  let t: ListeningApp;
  let alice: Who;
  let bob: Who;

  const call = async <T = Preset[]>(who: Who | undefined, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: { ...(who ? { authorization: who.headers.authorization! } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  const save = (who: Who, preset: Record<string, unknown>) => call(who, 'POST', '/api/presets', preset);
  const list = async (who: Who) => (await call(who, 'GET', '/api/presets')).body;

  beforeAll(async () => {
    t = await listenTestApp(kind);
    [alice, bob] = [await t.signUp(), await t.signUp()];
  });
  afterAll(() => t.close());

  it('imports a preset without an id under a new id, titled "New Preset", and answers the list', async () => {
    const res = await save(alice, { presetId: null, endpoint: 'openAI', model: 'gpt-4o', temperature: 0.3, chatGptLabel: 'Tutor' });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const [preset] = res.body;
    expect(preset).toMatchObject({ title: 'New Preset', endpoint: 'openAI', model: 'gpt-4o', temperature: 0.3, chatGptLabel: 'Tutor' });
    expect(preset!.presetId).toMatch(/^[0-9a-f-]{36}$/);
    expect(preset).not.toHaveProperty('userId');
  });

  it('gives a second import of the same file another id instead of overwriting', async () => {
    const file = { presetId: null, title: 'Shared file', endpoint: 'anthropic', model: 'claude-2', temperature: 0.5 };
    await save(alice, file);
    const { body } = await save(alice, file);
    const imported = body.filter((p) => p.title === 'Shared file');
    expect(imported).toHaveLength(2);
    expect(imported[0]!.presetId).not.toBe(imported[1]!.presetId);
  });

  it('updates the caller’s preset by presetId, replacing its settings', async () => {
    const [first] = await list(alice);
    const { body } = await save(alice, { presetId: first!.presetId, title: 'Renamed', endpoint: 'openAI', model: 'gpt-4o-mini' });
    const updated = body.find((p) => p.presetId === first!.presetId)!;
    expect(updated).toMatchObject({ title: 'Renamed', model: 'gpt-4o-mini' });
    expect(updated).not.toHaveProperty('temperature');
    expect(body).toHaveLength(3);
    expect(body[0]!.presetId).toBe(first!.presetId);
  });

  it('keeps presets per user: another user sees none of them and cannot overwrite or delete them', async () => {
    expect(await list(bob)).toEqual([]);
    const [target] = await list(alice);
    const hijack = await call<ApiErrorBody>(bob, 'POST', '/api/presets', { presetId: target!.presetId, title: 'Hijacked', endpoint: 'openAI' });
    expect(hijack.status).toBe(404);
    const remove = await call<ApiErrorBody>(bob, 'POST', '/api/presets/delete', { presetId: target!.presetId });
    expect(remove.status).toBe(404);
    expect((await list(alice)).find((p) => p.presetId === target!.presetId)!.title).toBe('Renamed');
  });

  it.each([
    ['an unknown endpoint', { endpoint: 'nope' }],
    ['a missing endpoint', { title: 'x' }],
    ['an out-of-range setting', { endpoint: 'google', temperature: 3 }],
    ['a title over 200 characters', { endpoint: 'openAI', title: 'x'.repeat(201) }],
  ])('refuses %s with 400 validation', async (_case, body) => {
    const res = await call<ApiErrorBody>(alice, 'POST', '/api/presets', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation');
  });

  it('deletes one preset by its id and answers the rest', async () => {
    const before = await list(alice);
    const { status, body } = await call(alice, 'POST', '/api/presets/delete', before[1]);
    expect(status).toBe(200);
    expect(body.map((p) => p.presetId)).toEqual(before.filter((_, i) => i !== 1).map((p) => p.presetId));
  });

  it('refuses to read an unsaved preset (no id) as "delete all"', async () => {
    const res = await call<ApiErrorBody>(alice, 'POST', '/api/presets/delete', { presetId: null, title: 'unsaved', endpoint: 'openAI' });
    expect(res.status).toBe(400);
    expect(await list(alice)).toHaveLength(2);
  });

  it('clears all of the caller’s presets with {} or an empty body, leaving other users’', async () => {
    await save(bob, { endpoint: 'google', title: 'Bob keeps this' });
    expect((await call(alice, 'POST', '/api/presets/delete', {})).body).toEqual([]);
    await save(alice, { endpoint: 'openAI' });
    const empty = await fetch(`${t.url}/api/presets/delete`, { method: 'POST', headers: { authorization: alice.headers.authorization! } });
    expect(await empty.json()).toEqual([]);
    expect((await list(bob)).map((p) => p.title)).toEqual(['Bob keeps this']);
  });

  it('requires a signed-in user', async () => {
    expect((await call(undefined, 'GET', '/api/presets')).status).toBe(401);
    expect((await call(undefined, 'POST', '/api/presets', { endpoint: 'openAI' })).status).toBe(401);
    expect((await call(undefined, 'POST', '/api/presets/delete', {})).status).toBe(401);
  });
});
