import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, failureOf } from '../../test-support/provider-suite.ts';
import { streamChatCompletions } from './stream-chat-completions.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const reply = (text: string) => `${chunk({ role: 'assistant', content: '' })}${chunk({ content: text })}${chunk({}, 'stop')}data: [DONE]\n\n`;

/**
 * Edge cases of the wire that the testkit fakes do not produce (compression, a proxy that
 * ignores streaming, silence, dropped and reused connections), against a bare HTTP server.
 */
describe('streamChatCompletions on the wire', () => {
  let server: Server;
  let url: string;
  let handler: Handler = () => undefined;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => handler(req, res));
    });
    server.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const ask = (signal = new AbortController().signal, idleTimeoutMs?: number) =>
    streamChatCompletions({ flavor: 'openai', url, headers: { authorization: 'Bearer k' }, model: 'gpt-4o', turns: [{ role: 'user', content: 'q' }], options: {}, idleTimeoutMs }, signal);
  const texts = (events: Awaited<ReturnType<typeof collect>>) => events.flatMap((e) => (e.type === 'text' ? [e.delta] : []));
  const sse = (body: string | Buffer, headers: Record<string, string> = {}): Handler => (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', ...headers });
    res.end(body);
  };

  it('reuses one kept-alive connection for consecutive replies', async () => {
    handler = sse(reply('hi'));
    const before = sockets.size;
    for (let i = 0; i < 3; i++) expect(texts(await collect(ask()))).toEqual(['hi']);
    expect(sockets.size - before).toBe(1);
  });

  it('sends the call again on a fresh connection when a reused one was closed under it', async () => {
    handler = sse(reply('first'));
    await collect(ask());
    let calls = 0;
    handler = (req, res) => {
      calls += 1;
      if (calls === 1) return void req.socket.destroy();
      sse(reply('second'))(req, res);
    };
    expect(texts(await collect(ask()))).toEqual(['second']);
    expect(calls).toBe(2);
  });

  it('reads a compressed stream although it did not ask for one', async () => {
    handler = sse(gzipSync(reply('zipped')), { 'content-encoding': 'gzip' });
    expect(texts(await collect(ask()))).toEqual(['zipped']);
  });

  it('answers from a whole chat.completion when a proxy ignored stream: true', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'whole' }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1 } }));
    };
    expect(await collect(ask())).toEqual([
      { type: 'text', delta: 'whole' },
      { type: 'usage', promptTokens: 1, completionTokens: 1 },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('fails as upstream_error on an error object sent mid-stream, keeping what came before it', async () => {
    handler = sse(`${chunk({ content: 'par' })}data: {"error":{"message":"overloaded","type":"server_error"}}\n\n`);
    const seen: string[] = [];
    const error = await failureOf(
      (async function* () {
        for await (const event of ask()) {
          if (event.type === 'text') seen.push(event.delta);
          yield event;
        }
      })(),
    );
    expect(seen).toEqual(['par']);
    expect(error).toMatchObject({ code: 'upstream_error', upstreamMessage: 'overloaded' });
  });

  it('fails as upstream_error when the connection drops mid-reply', async () => {
    handler = (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // Cut the connection once the first chunk is on its way.
      res.write(chunk({ content: 'cut' }), () => req.socket.destroy());
    };
    expect((await failureOf(ask())).code).toBe('upstream_error');
  });

  it('fails as upstream_error when the upstream goes silent', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ content: 'then nothing' }));
    };
    const started = Date.now();
    const error = await failureOf(ask(undefined, 200));
    expect(error).toMatchObject({ code: 'upstream_error', upstreamMessage: 'the upstream stopped answering' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('classifies an error status by its body and keeps the body for the logs', async () => {
    handler = (_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'You exceeded your current quota', type: 'insufficient_quota' } }));
    };
    const error = await failureOf(ask());
    expect(error).toMatchObject({ code: 'upstream_out_of_credit', upstreamStatus: 429 });
    expect(error.upstreamMessage).toContain('exceeded your current quota');
  });

  it('ends quietly and closes the upstream connection when aborted before the answer', async () => {
    let closed!: () => void;
    const disconnected = new Promise<void>((resolve) => (closed = resolve));
    const controller = new AbortController();
    // The request has reached the upstream and no answer has been sent: abort now.
    handler = (req) => {
      req.socket.once('close', closed);
      controller.abort();
    };
    expect(await collect(ask(controller.signal))).toEqual([]);
    await disconnected;
  });
});
