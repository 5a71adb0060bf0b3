// @vitest-environment happy-dom
import { readRequestText } from '@parley/testkit/request-body';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getAccessToken, setAccessToken, setSessionHooks } from '../../api/session.ts';
import { UploadError, uploadRequest } from './upload-request.ts';
import { listenAsPage } from '../../api/listen-as-page.ts';

const user = { id: 'u1', name: 'Ada', username: null, email: 'ada@example.com', avatar: null, provider: 'local',
  role: 'user', emailVerified: true, plugins: [], createdAt: '2026-01-01T00:00:00.000Z' };

/** A server with the upload and refresh routes: an upload needs the current token, a refresh issues the next one. */
const state = {
  currentToken: 'fresh-1',
  refreshWorks: true,
  refreshCalls: 0,
  /** The bearer of each upload and whether its body held the file. */
  uploads: [] as Array<{ bearer: string; hadFile: boolean }>,
};
let expired = 0;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const body = await readRequestText(req);
  if (req.url?.startsWith('/api/auth/refresh')) {
    state.refreshCalls += 1;
    if (!state.refreshWorks) return send(res, 401, { error: 'unauthorized', message: 'Authentication required.', status: 401 });
    state.currentToken = `fresh-${state.refreshCalls + 1}`;
    return send(res, 200, { token: state.currentToken, user });
  }
  if (req.url === '/api/ask/files/upload' && req.method === 'POST') {
    const bearer = String(req.headers.authorization ?? '');
    state.uploads.push({ bearer, hadFile: body.includes('notes.txt') && body.includes('hello file') });
    if (bearer !== `Bearer ${state.currentToken}`) return send(res, 401, { error: 'unauthorized', message: 'Authentication required.', status: 401 });
    return send(res, 200, { id: 'file-1', filename: 'notes.txt', type: 'text/plain', bytes: 10 });
  }
  send(res, 404, { error: 'not_found', message: 'Not found.', status: 404 });
}

let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  // The upload's relative URL resolves against the page, as in the browser.
  await listenAsPage(server);
  setSessionHooks({ onRefreshed: () => {}, onExpired: () => void (expired += 1), onBanned: () => {} });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  Object.assign(state, { currentToken: 'fresh-1', refreshWorks: true, refreshCalls: 0, uploads: [] });
  expired = 0;
  // The access token of a session whose 15 minutes ran out while the user wrote.
  setAccessToken('expired');
});

const file = () => new File(['hello file'], 'notes.txt', { type: 'text/plain' });
const target = { endpoint: 'openAI', model: 'gpt-4o' };

describe('an upload after the session expired', () => {
  it('refreshes the session once and sends the file again with the new token', async () => {
    const uploaded = await uploadRequest(file(), target, () => {});
    expect(uploaded).toEqual({ id: 'file-1', filename: 'notes.txt', type: 'text/plain', bytes: 10 });
    expect(state.refreshCalls).toBe(1);
    expect(state.uploads).toEqual([
      { bearer: 'Bearer expired', hadFile: true },
      { bearer: 'Bearer fresh-2', hadFile: true },
    ]);
    expect(getAccessToken()).toBe('fresh-2');
    expect(expired).toBe(0);
  });

  it('sends once and needs no refresh while the token is valid', async () => {
    setAccessToken('fresh-1');
    await expect(uploadRequest(file(), target, () => {})).resolves.toMatchObject({ id: 'file-1' });
    expect(state.refreshCalls).toBe(0);
    expect(state.uploads).toHaveLength(1);
  });

  it('fails as unauthorized without a second try when the session cannot be refreshed', async () => {
    state.refreshWorks = false;
    const error = await uploadRequest(file(), target, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).code).toBe('unauthorized');
    expect(state.uploads).toHaveLength(1);
    expect(state.refreshCalls).toBe(1);
    expect(getAccessToken()).toBeNull();
    expect(expired).toBe(1);
  });
});
