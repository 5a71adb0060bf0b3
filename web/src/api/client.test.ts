import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z, ZodError } from 'zod';
import { ApiError } from './api-error.ts';
import { apiJson } from './client.ts';
import { getAccessToken, setAccessToken, setSessionHooks, TOKEN_UPDATED_EVENT } from './session.ts';

/**
 * The client runs against a real HTTP server. Node has no page, so the two browser globals it
 * touches are provided: `window` (an EventTarget for tokenUpdated) and `localStorage`; relative
 * URLs are resolved against the test server, as the browser resolves them against the origin.
 */
const storage = new Map<string, string>();
Object.assign(globalThis, {
  window: new EventTarget(),
  localStorage: {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
    removeItem: (k: string) => storage.delete(k),
  },
});

/** What the test server answers on any other path. */
const schema = z.object({ path: z.string() });

const user = { id: 'u1', name: 'Ada', username: null, email: 'ada@example.com', avatar: null, provider: 'local',
  role: 'user', emailVerified: true, plugins: [], createdAt: '2026-01-01T00:00:00.000Z' };

const state = {
  currentToken: 'fresh-1',
  refreshCalls: 0,
  refreshAnswer: 'ok' as 'ok' | 'expired' | 'banned',
  seenApiKeys: [] as string[],
  /** The refresh answers only once this many requests were refused, so concurrent 401s all meet it in flight. */
  refreshAfter401s: 1,
  refused: 0,
};
/** Wakes a refresh waiting for the refusals it needs. */
let onRefused = () => {};

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  state.seenApiKeys.push(String(req.headers['x-api-key'] ?? ''));
  if (req.url?.startsWith('/api/auth/refresh')) {
    state.refreshCalls += 1;
    await new Promise<void>((resolve) => {
      onRefused = () => state.refused >= state.refreshAfter401s && resolve();
      onRefused();
    });
    if (state.refreshAnswer === 'expired') return send(res, 401, { error: 'unauthorized', message: 'Authentication required.', status: 401 });
    if (state.refreshAnswer === 'banned')
      return send(res, 403, { error: 'banned', message: 'Your account has been temporarily banned due to violations of our service.', status: 403 });
    state.currentToken = `fresh-${state.refreshCalls + 1}`;
    return send(res, 200, { token: state.currentToken, user });
  }
  if (req.headers.authorization !== `Bearer ${state.currentToken}`) {
    state.refused += 1;
    send(res, 401, { error: 'unauthorized', message: 'Authentication required.', status: 401 });
    return onRefused();
  }
  if (req.url === '/api/fail') return send(res, 409, { error: 'email_taken', message: 'taken', status: 409, data: { field: 'email' } });
  return send(res, 200, { path: req.url });
}

let server: Server;
const events = { expired: 0, banned: 0, refreshed: 0, tokenUpdates: [] as Array<string | null> };

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => realFetch(typeof input === 'string' && input.startsWith('/') ? base + input : input, init);
  window.addEventListener(TOKEN_UPDATED_EVENT, (e) => events.tokenUpdates.push((e as CustomEvent<string | null>).detail));
  setSessionHooks({
    onRefreshed: () => void (events.refreshed += 1),
    onExpired: () => void (events.expired += 1),
    onBanned: () => void (events.banned += 1),
  });
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  Object.assign(state, { currentToken: 'fresh-1', refreshCalls: 0, refreshAnswer: 'ok', seenApiKeys: [], refreshAfter401s: 1, refused: 0 });
  Object.assign(events, { expired: 0, banned: 0, refreshed: 0, tokenUpdates: [] });
  storage.clear();
  setAccessToken('stale');
  events.tokenUpdates = [];
});

describe('apiJson session refresh', () => {
  it('sends the bearer token and answers without refreshing when it is valid', async () => {
    setAccessToken('fresh-1');
    await expect(apiJson('/api/a', { schema })).resolves.toEqual({ path: '/api/a' });
    expect(state.refreshCalls).toBe(0);
  });

  it('makes concurrent 401s share ONE refresh, then retries each with the new token', async () => {
    state.refreshAfter401s = 3;
    const answers = await Promise.all(['/api/a', '/api/b', '/api/c'].map((p) => apiJson(p, { schema })));
    expect(answers.map((a) => a.path)).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(state.refreshCalls).toBe(1);
    expect(getAccessToken()).toBe('fresh-2');
    expect(events.tokenUpdates).toEqual(['fresh-2']);
    expect(events.refreshed).toBe(1);
  });

  it('drops the token and reports an expired session when the refresh is refused', async () => {
    state.refreshAnswer = 'expired';
    const error = await apiJson('/api/a', { schema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(getAccessToken()).toBeNull();
    expect(events.tokenUpdates).toEqual([null]);
    expect(events.expired).toBe(1);
  });

  it('reports a ban from the refresh so the app logs out at once', async () => {
    state.refreshAnswer = 'banned';
    await expect(apiJson('/api/a', { schema })).rejects.toBeInstanceOf(ApiError);
    expect(events.banned).toBe(1);
  });

  it('leaves a 401 on credential endpoints to the form instead of refreshing', async () => {
    await expect(apiJson('/api/a', { refreshOn401: false, schema })).rejects.toMatchObject({ code: 'unauthorized', status: 401 });
    expect(state.refreshCalls).toBe(0);
  });
});

describe('apiJson errors and headers', () => {
  it('throws the server body as a typed ApiError', async () => {
    setAccessToken('fresh-1');
    await expect(apiJson('/api/fail', { schema })).rejects.toMatchObject({ code: 'email_taken', message: 'taken', status: 409, data: { field: 'email' } });
  });

  it('sends the stored access key as X-Api-Key', async () => {
    setAccessToken('fresh-1');
    storage.set('apiKey', 'sk-stored');
    await apiJson('/api/a', { schema });
    expect(state.seenApiKeys).toEqual(['sk-stored']);
  });

  it('sends the stored access key as the bearer when there is no session token', async () => {
    setAccessToken(null);
    storage.set('apiKey', 'fresh-1');
    await expect(apiJson('/api/a', { schema })).resolves.toEqual({ path: '/api/a' });
    expect(state.refreshCalls).toBe(0);
  });

  it('refuses an answer its core schema does not describe', async () => {
    setAccessToken('fresh-1');
    await expect(apiJson('/api/a', { schema: z.object({ deletedCount: z.number() }) })).rejects.toBeInstanceOf(ZodError);
  });
});
