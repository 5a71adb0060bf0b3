// @vitest-environment happy-dom
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setAccessToken, setSessionHooks } from '../../api/session.ts';
import { useToasts } from '../../components/ui/toast-store.ts';
import { initI18n } from '../../locales/i18n.ts';
import { useAttachments } from './attachments-store.ts';
import { useAttachFiles } from './use-attach-files.ts';
import { listenAsPage } from '../../api/listen-as-page.ts';

/** The upload route as the server answers it: a stored file, or (`keys` mode, no key) the visitor's refusal. */
let refuseVisitor = false;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  for await (const _chunk of req);
  const unauthorized = { error: 'unauthorized', message: 'Save an access key to use files.', status: 401 };
  if (req.url?.startsWith('/api/auth/refresh')) return send(res, 401, unauthorized);
  if (refuseVisitor) return send(res, 401, unauthorized);
  send(res, 200, { id: 'f1', filename: 'notes.txt', type: 'text/plain', bytes: 10 });
}

let server: Server;
beforeAll(async () => {
  await initI18n();
  server = createServer((req, res) => void handle(req, res));
  await listenAsPage(server);
  setSessionHooks({ onRefreshed: () => {}, onExpired: () => {}, onBanned: () => {} });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  refuseVisitor = false;
  setAccessToken(null);
  useAttachments.getState().clear();
  useToasts.setState({ toasts: [] });
});
afterEach(cleanup);

const attach = async () => {
  const { result } = renderHook(() => useAttachFiles({ endpoint: 'openAI', model: 'gpt-4o' }));
  await act(() => result.current([new File(['hello file'], 'notes.txt', { type: 'text/plain' })]));
};
const toasts = () => useToasts.getState().toasts.map(({ text, tone }) => ({ text, tone }));

describe('attaching a file', () => {
  it('confirms a finished upload with the success toast (SPEC point 8), the chip holding the real id', async () => {
    await attach();
    expect(useAttachments.getState().attachments.map((a) => [a.id, a.uploading])).toEqual([['f1', false]]);
    expect(toasts()).toEqual([{ text: 'File uploaded.', tone: 'success' }]);
  });

  it('asks a visitor without a key to save one first, and confirms nothing', async () => {
    refuseVisitor = true;
    await attach();
    expect(useAttachments.getState().attachments).toEqual([]);
    expect(toasts()).toEqual([{ text: 'Save your API key first to upload files.', tone: 'error' }]);
  });
});
