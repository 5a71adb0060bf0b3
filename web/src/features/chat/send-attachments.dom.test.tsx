// @vitest-environment happy-dom
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { UploadedFile } from '@parley/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useToasts } from '../../components/ui/toast-store.ts';
import { initI18n } from '../../locales/i18n.ts';
import { useAttachments } from '../files/attachments-store.ts';
import { useAttachmentsCheck } from '../files/use-attachments-check.ts';
import type { UploadTarget } from '../files/use-attach-files.ts';
import { chat, useChatStore } from '../../state/chat-store.ts';
import { useChatActions } from './use-chat-actions.ts';
import { readRequestJson } from '@parley/testkit/request-body';
import { listenAsPage } from '../../api/listen-as-page.ts';

/** The ask route: refuses the first ask as the server does for two files on grok, then opens a stream and holds it. */
const asked: { files?: { id: string }[] }[] = [];
let pending: ServerResponse | null = null;
let server: Server;

beforeAll(async () => {
  await initI18n();
  server = createServer((req, res) => {
    void readRequestJson(req).then((body) => {
      asked.push(body as { files?: { id: string }[] });
      if (asked.length === 1) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'too_many_files', message: 'Too many files.', status: 400 }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      pending = res;
    });
  });
  await listenAsPage(server);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  cleanup();
  // The held stream ends with the test, so the server can close.
  pending?.end();
  pending = null;
});

const picture = (id: string): UploadedFile => ({ id, filename: `${id}.png`, type: 'image/png', bytes: 100, width: 8, height: 8 });
const attach = (...ids: string[]) => {
  for (const id of ids) useAttachments.getState().add({ id, filename: `${id}.png`, uploading: false, progress: 1, type: 'image/png', file: picture(id) });
};
const attachedIds = () => useAttachments.getState().attachments.map((a) => a.id);
const toastTexts = () => useToasts.getState().toasts.map((toast) => toast.text);

beforeEach(() => {
  asked.length = 0;
  chat.openNew();
  useAttachments.getState().clear();
  useToasts.setState({ toasts: [] });
});

describe('files attached to a message being sent', () => {
  it('stay attached when the server refuses the message, and go with it once the server takes it', async () => {
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useChatActions(), { wrapper });
    chat.setSetup({ endpoint: 'grok', model: 'grok-3-imageGen' });
    attach('f1', 'f2');

    act(() => void result.current.send('edit these'));
    await waitFor(() => expect(useChatStore.getState().submitting).toBe(false));
    expect(asked[0]?.files).toEqual([{ id: 'f1' }, { id: 'f2' }]);
    expect(attachedIds()).toEqual(['f1', 'f2']);

    // Mended: one picture, sent again as a new chat (the refused first message was never saved).
    useAttachments.getState().remove('f2');
    act(() => void result.current.send('edit this one'));
    // What the chat view does on a new session: the files carried into it stay.
    useAttachments.getState().enterSession(useChatStore.getState().session);
    await waitFor(() => expect(pending).not.toBeNull());
    expect(asked[1]?.files).toEqual([{ id: 'f1' }]);
    expect(attachedIds()).toEqual(['f1']);

    const message = { ...useChatStore.getState().messages[0]!, conversationId: 'c1' };
    pending!.write(`id: 0\ndata: ${JSON.stringify({ created: true, message, conversationId: 'c1', streamId: 's1' })}\n\n`);
    await waitFor(() => expect(attachedIds()).toEqual([]));
    const conversation = { conversationId: 'c1', title: 'Edits', endpoint: 'grok', model: 'grok-3-imageGen', tools: [], createdAt: '', updatedAt: '' };
    const reply = { ...message, messageId: 'r1', parentMessageId: message.messageId, isCreatedByUser: false, text: 'Done.', files: undefined };
    pending!.end(`id: 1\ndata: ${JSON.stringify({ final: true, conversation, requestMessage: message, responseMessage: reply })}\n\n`);
    await waitFor(() => expect(useChatStore.getState().submitting).toBe(false));
  });

  it('are checked again when the model changes, with the toast an upload would meet', async () => {
    attach('f1', 'f2');
    const { rerender } = renderHook((target: UploadTarget) => useAttachmentsCheck(target), { initialProps: { endpoint: 'openAI', model: 'gpt-4o' } });
    expect(toastTexts()).toEqual([]);
    rerender({ endpoint: 'grok', model: 'grok-3-imageGen' });
    expect(toastTexts()).toEqual(['Grok takes one image only (JPG, JPEG, PNG, GIF or WebP).']);
    expect(attachedIds()).toEqual(['f1', 'f2']);
  });
});
