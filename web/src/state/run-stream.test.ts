import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chatErrorText, ROOT_PARENT_ID, type Message } from '@parley/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setSessionHooks } from '../api/session.ts';
import { visibleBranch } from './visible-branch.ts';
import { askBody } from './ask-body.ts';
import { chat, useChatStore } from './chat-store.ts';
import { placeholderFor, userDraft } from './drafts.ts';
import { runStream, type StreamHooks } from './run-stream.ts';

/**
 * The stream runs against a real HTTP server that answers every ask with one `error` frame,
 * as the server does for a failure it has stored. Relative URLs are resolved against it, as
 * the browser resolves them against the origin.
 */
let errorFrame: Message;
let server: Server;

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' }).end(`event: error\ndata: ${JSON.stringify(errorFrame)}\n\n`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => realFetch(typeof input === 'string' && input.startsWith('/') ? base + input : input, init);
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const to = { endpoint: 'openAI', model: 'gpt-4o', options: {} };
const hooks: StreamHooks = { onConversationCreated: () => undefined, onSettled: () => undefined };
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
