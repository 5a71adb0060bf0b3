// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import { ROOT_PARENT_ID } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholderFor, userDraft } from '../../state/drafts.ts';
import { prefetchOpenedConversation, takePrefetchedConversation } from './opened-conversation.ts';
import { listenAsPage } from '../../api/listen-as-page.ts';

const conversation = { conversationId: 'c 1', title: 'Cats', endpoint: 'openAI', model: 'gpt-4o', tools: [], createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z' };
const request = userDraft({ messageId: 'u1', conversationId: 'c 1', parentMessageId: ROOT_PARENT_ID, text: 'Hello', endpoint: 'openAI', model: 'gpt-4o' });
const messages = [request, { ...placeholderFor(request), text: 'Hi there', unfinished: false }];

describe('the conversation a page is opened on', () => {
  let server: Server;
  const asked: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url!);
      const body = req.url === '/api/convos/c%201' ? conversation : req.url === '/api/messages/c%201/recent' ? { messages, complete: true } : undefined;
      if (!body) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await listenAsPage(server, '/');
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('is fetched with its recent messages at once, and handed out once to the opening of that conversation', async () => {
    prefetchOpenedConversation('/chat/c%201');
    expect(takePrefetchedConversation('c 2')).toBeUndefined();
    const loaded = takePrefetchedConversation('c 1');
    expect(loaded).toBeDefined();
    const [got, recent] = await loaded!;
    expect(got).toMatchObject({ conversationId: 'c 1', title: 'Cats' });
    expect(recent.messages.map((m) => m.text)).toEqual(['Hello', 'Hi there']);
    expect(recent.complete).toBe(true);
    expect(takePrefetchedConversation('c 1')).toBeUndefined();
    expect(asked.filter((url) => url.startsWith('/api/')).sort()).toEqual(['/api/convos/c%201', '/api/messages/c%201/recent']);
  });

  it('hands its failure to the opening, which reports it', async () => {
    prefetchOpenedConversation('/chat/gone');
    await expect(takePrefetchedConversation('gone')).rejects.toThrow();
  });

  it('is not fetched for a new chat or another page', () => {
    asked.length = 0;
    for (const path of ['/chat/new', '/chat', '/search/cats', '/login', '/chat/c%201/extra']) prefetchOpenedConversation(path);
    expect(takePrefetchedConversation('new')).toBeUndefined();
    expect(takePrefetchedConversation('c 1')).toBeUndefined();
    expect(asked).toEqual([]);
  });
});
