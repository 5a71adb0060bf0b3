// @vitest-environment happy-dom
import { createServer, type ServerResponse, type Server } from 'node:http';
import { ROOT_PARENT_ID, type Conversation, type ConversationPage, type Message } from '@parley/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useMemo } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../locales/i18n.ts';
import { MessageBody, StreamingBody } from '../features/messages/message-body.tsx';
import { visibleBranch } from './visible-branch.ts';
import { askBody } from './ask-body.ts';
import { chat, useChatStore } from './chat-store.ts';
import { placeholderFor, userDraft } from './drafts.ts';
import { runStream } from './run-stream.ts';
import { useStreamingStore } from './streaming-store.ts';
import { readRequestJson } from '@parley/testkit/request-body';
import { listenAsPage } from '../api/listen-as-page.ts';
import { conversationsQueryKey } from '../api/conversations-api.ts';
import { queryClient } from './query-client.ts';

const request = userDraft({ messageId: 'u1', conversationId: null, parentMessageId: ROOT_PARENT_ID, text: 'Tell me a story', endpoint: 'openAI', model: 'gpt-4o' });
const placeholder = placeholderFor(request);
const conversation: Conversation = { conversationId: 'c1', title: 'New Chat', endpoint: 'openAI', model: 'gpt-4o', tools: [], createdAt: '', updatedAt: '' };
const saved = { ...request, conversationId: 'c1' };
const reply: Message = { ...placeholder, messageId: 'r1', conversationId: 'c1', text: 'Once upon a time.', unfinished: false, finish_reason: 'stop' };

/**
 * A server speaking the ask stream contract (created 0, deltas 1…n, final n+1, a new
 * conversation's title n+2, each with its SSE id). It sends one frame per `next()` from the
 * test, so every step is seen on screen.
 */
const frames = [
  { created: true, message: saved, conversationId: 'c1', streamId: 's1' },
  { message: true, seq: 1, delta: 'Once' },
  { message: true, seq: 2, delta: ' upon a time' },
  { final: true, conversation, requestMessage: saved, responseMessage: reply },
  { conversationId: 'c1', title: 'A story' },
];
const asked: { url: string; body: { text?: string } }[] = [];
let pending: ServerResponse | null = null;
let sent = 0;
let server: Server;

function next() {
  const frame = frames[sent]!;
  pending!.write(`id: ${sent}\ndata: ${JSON.stringify(frame)}\n\n`);
  sent++;
  if (sent === frames.length) pending!.end();
}

beforeAll(async () => {
  await initI18n();
  server = createServer((req, res) => {
    void readRequestJson(req).then((body) => {
      asked.push({ url: req.url!, body: body as { text?: string } });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      pending = res;
    });
  });
  // The page's origin is the test server, as the app's origin is Parley's.
  await listenAsPage(server);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(cleanup);

/** The thread's bodies as the message rows choose them: the streaming row reads the streaming text. */
function ThreadBodies() {
  const { messages, choice } = useChatStore();
  const streamingId = useStreamingStore((s) => s.messageId);
  const rows = useMemo(() => visibleBranch(messages, choice), [messages, choice]);
  return rows.map(({ message }) => (
    <div key={message.messageId} data-testid="row" data-id={message.messageId}>
      {message.messageId === streamingId ? <StreamingBody /> : <MessageBody message={message} />}
    </div>
  ));
}

const rowIds = () => screen.queryAllByTestId('row').map((row) => row.dataset.id);
const streamingText = () => screen.queryByTestId('streaming-body')?.textContent ?? null;

describe('runStream drawn in the thread', () => {
  it('grows the placeholder with each delta, replaces it with the saved reply, then names the conversation from the title frame', async () => {
    chat.openNew();
    render(<ThreadBodies />);
    act(() => chat.upsert([request, placeholder]));
    // The sidebar's list as it was fetched when the conversation was created.
    const listed: ConversationPage = { conversations: [conversation, { ...conversation, conversationId: 'c0', title: 'Older' }], pages: 1, pageNumber: 1 };
    queryClient.setQueryData(conversationsQueryKey, { pages: [listed], pageParams: [1] });
    const listTitles = () => queryClient.getQueryData<{ pages: ConversationPage[] }>(conversationsQueryKey)!.pages[0]!.conversations.map((c) => c.title);
    const opened: string[] = [];
    const body = askBody({ endpoint: 'openAI', model: 'gpt-4o', options: {} }, null, { kind: 'send', text: request.text, parentMessageId: ROOT_PARENT_ID, messageId: 'u1' });
    const run = runStream(
      { route: 'ask', endpoint: 'openAI', request, placeholder, body },
      { onConversationCreated: (id) => opened.push(id) },
    );

    await waitFor(() => expect(pending).not.toBeNull());
    expect(asked).toEqual([{ url: '/api/ask/openAI', body: expect.objectContaining({ text: 'Tell me a story' }) as unknown }]);
    await waitFor(() => expect(rowIds()).toEqual(['u1', 'u1_']));
    expect(streamingText()).toBe('');
    expect(useChatStore.getState().submitting).toBe(true);

    next(); // created: the new conversation gets its id
    await waitFor(() => expect(opened).toEqual(['c1']));
    next();
    await waitFor(() => expect(streamingText()).toBe('Once'));
    next();
    await waitFor(() => expect(streamingText()).toBe('Once upon a time'));
    expect(rowIds()).toEqual(['u1', 'u1_']);

    next(); // final: the reply has ended, the stream stays open for the title
    await waitFor(() => expect(rowIds()).toEqual(['u1', 'r1']));
    expect(screen.queryByTestId('streaming-body')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('row')[1]!.textContent).toBe('Once upon a time.'));
    expect(useChatStore.getState()).toMatchObject({ conversationId: 'c1', submitting: false });
    expect(useChatStore.getState().conversation?.title).toBe('New Chat');
    expect(listTitles()).toEqual(['New Chat', 'Older']);

    next(); // title
    await run;
    expect(useChatStore.getState().conversation?.title).toBe('A story');
    expect(listTitles()).toEqual(['A story', 'Older']);
    // Named from the stream alone: nothing but the ask went to the server.
    expect(asked.map((a) => a.url)).toEqual(['/api/ask/openAI']);
  });
});
