import { ChatGPTUnofficialProxyAPI } from 'chatgpt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudflareChallengePage, startChatGPTWebFake, type ChatGPTWebFake } from './chatgpt-web.ts';

/**
 * The ChatGPT web fake read by a public client of the protocol on npm: `chatgpt`'s
 * ChatGPTUnofficialProxyAPI (the reverse-proxy client; its sibling in `@waylaidwanderer/chatgpt-api`
 * sends the same body). Both send their message in the 2022 shape, `role` beside `content`, which
 * the back end no longer reads: the fake refuses it with the 422 naming `author`, and the client's
 * reader of the snapshot stream is checked by moving that one field where the back end reads it.
 */
/** What the client throws for a refused request: its ChatGPTError. */
async function refusal(promise: Promise<unknown>): Promise<{ statusCode?: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { statusCode?: number; message: string };
  }
  throw new Error('the call did not fail');
}

describe('ChatGPT web fake through the chatgpt npm client (ChatGPTUnofficialProxyAPI)', () => {
  let fake: ChatGPTWebFake;
  const token = 'eyJ.client-check.token';
  /** Moves each message's `role` into `author.role`, the only change the current back end needs. */
  const authorFetch: typeof fetch = (input, init) => {
    const body = JSON.parse(String(init?.body)) as { messages: { role?: string; author?: { role: string } }[] };
    for (const message of body.messages) {
      message.author = { role: message.role! };
      delete message.role;
    }
    return fetch(input, { ...init, body: JSON.stringify(body) });
  };
  const client = (fetchImpl: typeof fetch = fetch) =>
    new ChatGPTUnofficialProxyAPI({ accessToken: token, apiReverseProxyUrl: `${fake.url}/backend-api/conversation`, fetch: fetchImpl });

  beforeAll(async () => {
    fake = await startChatGPTWebFake({ tokens: [token], encoding: 'snapshot' });
  });
  afterAll(() => fake.close());

  it('refuses the 2022 message shape with FastAPI issues naming the missing author', async () => {
    const error = await refusal(client().sendMessage('hello'));
    expect(error).toMatchObject({ statusCode: 422 });
    expect(error.message).toContain('"loc":["body","messages",0,"author"]');
  });

  it('streams snapshots the client reads as one growing text, then continues the conversation by its ids', async () => {
    fake.enqueue({ chunks: ['Hel', 'lo ', 'there'] });
    const seen: string[] = [];
    const first = await client(authorFetch).sendMessage('first', { onProgress: (partial) => seen.push(partial.text) });
    expect(first.text).toBe('Hello there');
    // The back end echoes the question first; this client takes every message's text, so it shows the echo before the answer.
    expect(seen).toEqual(['first', 'Hel', 'Hello ', 'Hello there', 'Hello there']);
    expect(first.conversationId).toMatch(/^[0-9a-f-]{36}$/);

    const second = await client(authorFetch).sendMessage('second', { conversationId: first.conversationId, parentMessageId: first.id });
    expect(second.text).toBe('Echo: second');
    expect(second.conversationId).toBe(first.conversationId);
    expect(fake.thread(second.conversationId!, second.id).map((m) => m.text)).toEqual(['first', 'Hello there', 'second', 'Echo: second']);
  });

  it('refuses a continuation under a message the conversation does not have', async () => {
    const first = await client(authorFetch).sendMessage('start');
    const error = await refusal(client(authorFetch).sendMessage('lost', { conversationId: first.conversationId, parentMessageId: '11111111-1111-4111-8111-111111111111' }));
    expect(error.statusCode).toBe(404);
  });

  it('answers an expired token with the 401 the client reports', async () => {
    const other = await startChatGPTWebFake({ tokens: ['soon-expired'] });
    try {
      other.expire('soon-expired');
      const api = new ChatGPTUnofficialProxyAPI({ accessToken: 'soon-expired', apiReverseProxyUrl: `${other.url}/backend-api/conversation`, fetch: authorFetch });
      const error = await refusal(api.sendMessage('hi'));
      expect(error.statusCode).toBe(401);
      expect(error.message).toContain('token_expired');
    } finally {
      await other.close();
    }
  });

  it('answers a scripted Cloudflare challenge with its HTML page and the challenge header', async () => {
    fake.enqueue({ status: 403, errorBody: cloudflareChallengePage });
    const response = await authorFetch(`${fake.url}/backend-api/conversation`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'next', messages: [{ id: crypto.randomUUID(), role: 'user', content: { content_type: 'text', parts: ['x'] } }], parent_message_id: crypto.randomUUID(), model: 'auto' }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('cf-mitigated')).toBe('challenge');
    expect(await response.text()).toContain('<title>Just a moment...</title>');
  });
});
