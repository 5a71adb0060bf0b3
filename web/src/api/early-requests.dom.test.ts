// @vitest-environment happy-dom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { ACCESS_KEY_STORAGE_KEY } from '@parley/core';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiJson } from './client.ts';
import { EARLY_ACCESS_KEY_STORAGE_KEY, sendEarlyRequests, takeEarlyRefresh } from './early-requests.ts';
import { listenAsPage } from './listen-as-page.ts';

describe('the requests sent before the app loads', () => {
  let server: Server;
  let signedIn = true;
  const seen: { url: string; authorization?: string; key?: string }[] = [];
  const record = (req: IncomingMessage) => seen.push({ url: req.url!, authorization: req.headers.authorization, key: req.headers['x-api-key'] as string | undefined });

  beforeAll(async () => {
    server = createServer((req, res) => {
      record(req);
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/api/auth/refresh') return signedIn ? json(200, { token: 'early-token' }) : json(401, { message: 'No session' });
      if (req.headers.authorization !== 'Bearer early-token') return json(401, { message: 'Unauthorized' });
      if (req.url === '/api/convos/c%201') return json(200, { conversationId: 'c 1' });
      return json(404, { message: 'Not found' });
    });
    await listenAsPage(server, '/');
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    seen.length = 0;
    localStorage.clear();
  });

  const conversationSchema = z.object({ conversationId: z.string() });

  it('exchange the refresh cookie and fetch the opened conversation with its token, each answer taken once by the app', async () => {
    signedIn = true;
    localStorage.setItem(EARLY_ACCESS_KEY_STORAGE_KEY, 'sk-early');
    const asked = sendEarlyRequests('/chat/c%201');
    const refresh = await takeEarlyRefresh();
    expect(await refresh!.json()).toEqual({ token: 'early-token' });
    expect(takeEarlyRefresh()).toBeUndefined();
    // The conversation's code is preloaded once its requests are out.
    expect(await asked).toBe(true);
    // The app's own call for the conversation gets the early answer: no second request.
    expect(await apiJson('/api/convos/c%201', { schema: conversationSchema })).toEqual({ conversationId: 'c 1' });
    // Any request of its own the app sent was answered, so recorded, before apiJson resolved; the
    // early one for the branch's end is awaited here, so that it lands in this test's records.
    await vi.waitFor(() => expect(seen.map((r) => r.url)).toContain('/api/messages/c%201/recent'));
    expect(seen.filter((r) => r.url === '/api/convos/c%201')).toEqual([{ url: '/api/convos/c%201', authorization: 'Bearer early-token', key: 'sk-early' }]);
    expect(seen.find((r) => r.url === '/api/auth/refresh')).toMatchObject({ key: 'sk-early' });
  });

  it('fetch no conversation without a session, and the app then asks for itself', async () => {
    signedIn = false;
    const asked = sendEarlyRequests('/chat/c%201');
    expect((await takeEarlyRefresh())!.status).toBe(401);
    expect(await asked).toBe(false);
    await expect(apiJson('/api/convos/c%201', { schema: conversationSchema, refreshOn401: false })).rejects.toThrow();
    expect(seen.map((r) => r.url)).toEqual(['/api/auth/refresh', '/api/convos/c%201']);
  });

  it('send only the refresh on a new chat or another page', async () => {
    signedIn = true;
    for (const path of ['/chat/new', '/login']) {
      expect(await sendEarlyRequests(path)).toBe(false);
      await takeEarlyRefresh();
    }
    expect(seen.map((r) => r.url)).toEqual(['/api/auth/refresh', '/api/auth/refresh']);
  });

  it('read the access key where the app stores it', () => {
    expect(EARLY_ACCESS_KEY_STORAGE_KEY).toBe(ACCESS_KEY_STORAGE_KEY);
  });
});
