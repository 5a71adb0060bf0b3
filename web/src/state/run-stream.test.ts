import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chatErrorText, ROOT_PARENT_ID, type Conversation, type ConversationPage, type Message } from '@parley/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setSessionHooks } from '../api/session.ts';
import { visibleBranch } from './visible-branch.ts';
import { askBody } from './ask-body.ts';
import { chat, useChatStore } from './chat-store.ts';
import { placeholderFor, userDraft } from './drafts.ts';
import { runStream, type StreamHooks } from './run-stream.ts';
import { conversationsQueryKey } from '../api/conversations-api.ts';
import { queryClient } from './query-client.ts';

/**
 * The stream runs against a real HTTP server that answers every ask with one `error` frame,
 * as the server does for a failure it has stored. Relative URLs are resolved against it, as
 * the browser resolves them against the origin.
 */
let errorFrame: Message;
let server: Server;
const sendError = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' }).end(`event: error\ndata: ${JSON.stringify(errorFrame)}\n\n`);
/** How the server answers; by default every ask with the one error frame. */
let answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => sendError(res);
const paths: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(req.url!);
    answer(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => realFetch(typeof input === 'string' && input.startsWith('/') ? base + input : input, init);
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const to = { endpoint: 'openAI', model: 'gpt-4o', options: {} };
const hooks: StreamHooks = { onConversationCreated: () => undefined };
const request = userDraft({ messageId: 'u1', conversationId: 'c1', parentMessageId: ROOT_PARENT_ID, text: 'Tell me a story', endpoint: 'openAI', model: 'gpt-4o' });
const reply: Message = { ...placeholderFor(request), messageId: 'r1', text: 'Once upon', unfinished: false };
const storedError = (messageId: string): Message => ({ ...reply, messageId, text: chatErrorText('invalid_api_key'), error: true });
const state = () => useChatStore.getState();
const shown = () => visibleBranch(state().messages, state().choice).map((r) => r.message.messageId);

describe('runStream error frames', () => {
  beforeEach(() => {
    chat.openNew();
    chat.upsert([request, reply]);
  });

  it('keeps a continued reply with its text when the continue fails, and shows the stored error as its newest sibling', async () => {
    errorFrame = storedError('r1-failed');
    const placeholder = { ...reply, unfinished: true };
    chat.upsert([placeholder]);
    const body = askBody(to, 'c1', { kind: 'continue', request, reply, generation: reply.text });
    await runStream({ route: 'ask', endpoint: 'openAI', request, placeholder, prefix: reply.text, body }, hooks);

    expect(state().messages.map((m) => m.messageId)).toEqual(['u1', 'r1', 'r1-failed']);
    expect(state().messages[1]).toMatchObject({ text: 'Once upon', unfinished: false, error: false });
    expect(shown()).toEqual(['u1', 'r1-failed']);
  });

  it('opens the conversation a refused first message was stored in', async () => {
    chat.openNew();
    const first = userDraft({ messageId: 'u9', conversationId: null, parentMessageId: ROOT_PARENT_ID, text: 'Hello', endpoint: 'openAI', model: 'gpt-4o' });
    const placeholder = placeholderFor(first);
    chat.upsert([first, placeholder]);
    errorFrame = { ...placeholder, messageId: 'e9', conversationId: 'c9', text: chatErrorText('concurrent', { limit: 2 }), error: true };
    const opened: string[] = [];
    await runStream(
      { route: 'ask', endpoint: 'openAI', request: first, placeholder, body: askBody(to, null, { kind: 'send', text: 'Hello', parentMessageId: ROOT_PARENT_ID, messageId: 'u9' }) },
      { ...hooks, onConversationCreated: (id) => opened.push(id) },
    );
    expect(opened).toEqual(['c9']);
    expect(state().messages.map((m) => m.messageId)).toContain('e9');
  });

  it('swaps a fresh reply placeholder for the stored error', async () => {
    errorFrame = storedError('r2-failed');
    const placeholder = placeholderFor(request);
    chat.upsert([placeholder]);
    const body = askBody(to, 'c1', { kind: 'regenerate', request });
    await runStream({ route: 'ask', endpoint: 'openAI', request, placeholder, body }, hooks);

    expect(state().messages.map((m) => m.messageId)).toEqual(['u1', 'r1', 'r2-failed']);
    expect(shown()).toEqual(['u1', 'r2-failed']);
  });

  it('signs the user out when the server refuses the message with a ban, as its abuse limits answer', async () => {
    const banned: string[] = [];
    setSessionHooks({ onRefreshed: () => undefined, onExpired: () => undefined, onBanned: (message) => void banned.push(message) });
    // The frame exactly as the server's chat refusal writes it: no stored message, only the error text.
    errorFrame = { error: true, text: chatErrorText('ban') } as Message;
    const placeholder = placeholderFor(request);
    chat.upsert([placeholder]);
    await runStream({ route: 'ask', endpoint: 'openAI', request, placeholder, body: askBody(to, 'c1', { kind: 'regenerate', request }) }, hooks);
    expect(banned).toEqual(['{"type":"ban"}']);
  });
});

describe('runStream and a new conversation\'s title frame', () => {
  const conversation: Conversation = { conversationId: 'c5', title: 'New Chat', endpoint: 'openAI', model: 'gpt-4o', tools: [], createdAt: '', updatedAt: '' };
  const first = userDraft({ messageId: 'u5', conversationId: null, parentMessageId: ROOT_PARENT_ID, text: 'Name me', endpoint: 'openAI', model: 'gpt-4o' });
  const sse = (frames: unknown[], from = 0) => frames.map((data, i) => `id: ${from + i}\ndata: ${JSON.stringify(data)}\n\n`).join('');
  const created = { created: true, message: { ...first, conversationId: 'c5' }, conversationId: 'c5', streamId: 's5' };
  const listed = () => queryClient.getQueryData<{ pages: ConversationPage[] }>(conversationsQueryKey)?.pages[0]?.conversations.map((c) => c.title);
  const send = () => {
    const placeholder = placeholderFor(first);
    chat.upsert([first, placeholder]);
    return runStream({ route: 'ask', endpoint: 'openAI', request: first, placeholder, body: askBody(to, null, { kind: 'send', text: 'Name me', parentMessageId: ROOT_PARENT_ID, messageId: 'u5' }) }, hooks);
  };

  beforeEach(() => {
    chat.openNew();
    paths.length = 0;
    queryClient.setQueryData(conversationsQueryKey, { pages: [{ conversations: [conversation], pages: 1, pageNumber: 1 }], pageParams: [1] });
  });
  afterAll(() => {
    answer = (_req, res) => sendError(res);
  });

  it('follows a stream cut after final from the frame after it, and takes the title from there', async () => {
    const final = { final: true, conversation, requestMessage: created.message, responseMessage: { ...placeholderFor(first), messageId: 'r5', conversationId: 'c5', text: 'Done.' } };
    answer = (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // The first connection drops once the reply ended; the resume gets the rest.
      if (req.url!.startsWith('/api/ask/stream/')) return res.end(sse([{ conversationId: 'c5', title: 'Named at last' }], 2));
      res.write(sse([created, final]), () => res.destroy());
    };
    await send();
    expect(paths).toEqual(['/api/ask/openAI', '/api/ask/stream/s5?after=1']);
    expect(state().conversation?.title).toBe('Named at last');
    expect(listed()).toEqual(['Named at last']);
  });

  it('names the conversation of a failed first reply from the title frame before the error', async () => {
    errorFrame = { ...placeholderFor(first), messageId: 'e5', conversationId: 'c5', text: chatErrorText('invalid_api_key'), error: true };
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`${sse([created, { conversationId: 'c5', title: 'Name me' }])}event: error\nid: 2\ndata: ${JSON.stringify(errorFrame)}\n\n`);
    };
    await send();
    expect(paths).toEqual(['/api/ask/openAI']);
    expect(listed()).toEqual(['Name me']);
    expect(state().messages.map((m) => m.messageId)).toContain('e5');
  });

  it('keeps a name the user gave meanwhile', async () => {
    queryClient.setQueryData(conversationsQueryKey, { pages: [{ conversations: [{ ...conversation, title: 'Mine' }], pages: 1, pageNumber: 1 }], pageParams: [1] });
    const final = { final: true, conversation, requestMessage: created.message, responseMessage: { ...placeholderFor(first), messageId: 'r6', conversationId: 'c5', text: 'Done.' } };
    answer = (_req, res) => res.writeHead(200, { 'content-type': 'text/event-stream' }).end(sse([created, final, { conversationId: 'c5', title: 'Generated' }]));
    await send();
    expect(listed()).toEqual(['Mine']);
  });
});
