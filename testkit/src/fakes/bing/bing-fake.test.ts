import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBingFake, type BingFake } from './bing-fake.ts';

let fake: BingFake;
beforeAll(async () => {
  fake = await startBingFake();
});
afterAll(() => fake.close());

const RS = '\x1e';
const socketUrl = (path: string) => `${fake.url.replace('http:', 'ws:')}${path}`;

/** Opens a socket and gathers its text frames; `closed` resolves with the close code. */
function open(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  const frames: string[] = [];
  ws.on('message', (data) => frames.push(data.toString()));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 500 && !check(); i++) await new Promise<void>((resolve) => ws.once('message', () => resolve()));
  };
  return { ws, frames, opened, closed, until };
}

describe('the Copilot fake', () => {
  const auth = () => ({ authorization: `Bearer ${fake.validKey}` });
  const create = async () => ((await (await fetch(`${fake.url}/c/api/conversations`, { method: 'POST', headers: auth() })).json()) as { id: string }).id;

  it('refuses a conversation without a valid token, an expired one with 401 and a challenged one with the Cloudflare page', async () => {
    expect((await fetch(`${fake.url}/c/api/conversations`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${fake.url}/c/api/conversations`, { method: 'POST', headers: { authorization: 'Bearer expired-1' } })).status).toBe(401);
    const page = await fetch(`${fake.url}/c/api/conversations`, { method: 'POST', headers: { authorization: 'Bearer cloudflare-1' } });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('challenge-platform');
    expect((await fetch(`${fake.url}/c/api/conversations`, { headers: auth() })).status).toBe(405);
  });

  it('refuses a socket without api-version 2 and a clientSessionId', async () => {
    await expect(open(socketUrl('/c/api/chat?api-version=1&clientSessionId=x'), auth()).opened).rejects.toThrow('HTTP 400');
    await expect(open(socketUrl('/c/api/chat?api-version=2'), auth()).opened).rejects.toThrow('HTTP 400');
    await expect(open(socketUrl('/c/api/chat?api-version=2&clientSessionId=x')).opened).rejects.toThrow('HTTP 401');
  });

  it('speaks first, answers a send with appendText … done, and closes on a malformed send', async () => {
    const id = await create();
    const socket = open(socketUrl('/c/api/chat?api-version=2&clientSessionId=s1'), auth());
    await socket.opened;
    await socket.until(() => socket.frames.length > 0);
    expect(JSON.parse(socket.frames[0]!)).toMatchObject({ event: 'connected' });
    socket.ws.send(JSON.stringify({ event: 'send', conversationId: id, content: [{ type: 'text', text: 'hi' }], mode: 'chat' }));
    await socket.until(() => socket.frames.some((f) => f.includes('"done"')));
    const events = socket.frames.map((f) => (JSON.parse(f) as { event: string }).event);
    expect(events).toEqual(expect.arrayContaining(['received', 'startMessage', 'appendText', 'partCompleted', 'titleUpdate', 'done']));
    socket.ws.send(JSON.stringify({ event: 'send', conversationId: id, content: [{ type: 'text', text: 'hi' }], mode: 'turbo' }));
    expect(await socket.closed).toBe(1008);
    expect(socket.frames.at(-1)).toContain('unknown mode turbo');
  });
});

describe('the Sydney fake', () => {
  const cookie = () => ({ cookie: `_U=${fake.validKey}` });
  const create = async () => {
    const response = await fetch(`${fake.url}/turing/conversation/create`, { headers: cookie() });
    const body = (await response.json()) as { conversationId: string; clientId: string; result: { value: string } };
    return { ...body, signature: response.headers.get('x-sydney-encryptedconversationsignature')! };
  };
  const invocation = (c: { conversationId: string; clientId: string }, invocationId: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      arguments: [{ source: 'cib', optionsSets: ['deepleo', 'h3precise'], isStartOfSession: invocationId === '0', message: { author: 'user', text: 'hello', messageType: 'Chat' }, participant: { id: c.clientId }, conversationId: c.conversationId, ...extra }],
      invocationId,
      target: 'chat',
      type: 4,
    }) + RS;

  it('answers an unknown cookie with UnauthorizedRequest and signs a new conversation in a header', async () => {
    const refused = (await (await fetch(`${fake.url}/turing/conversation/create`, { headers: { cookie: '_U=expired' } })).json()) as { result: { value: string } };
    expect(refused.result.value).toBe('UnauthorizedRequest');
    const created = await create();
    expect(created.result.value).toBe('Success');
    expect(created.signature).toBeTruthy();
  });

  it('wants the handshake, records ending in the separator and invocationIds counting from 0', async () => {
    const c = await create();
    const hub = open(socketUrl(`/sydney/ChatHub?sec_access_token=${encodeURIComponent(c.signature)}`), cookie());
    await hub.opened;
    hub.ws.send(`{"protocol":"json","version":1}${RS}`);
    await hub.until(() => hub.frames.length > 0);
    expect(hub.frames[0]).toBe(`{}${RS}`);
    hub.ws.send(invocation(c, '0'));
    await hub.until(() => hub.frames.some((f) => f.includes('"type":3')));
    const records = hub.frames.join('').split(RS).filter(Boolean).map((r) => JSON.parse(r) as { type: number; item?: { result: { value: string } } });
    expect(records.map((r) => r.type)).toEqual(expect.arrayContaining([1, 2, 3]));
    expect(records.find((r) => r.type === 2)!.item!.result.value).toBe('Success');
    // The same invocationId again is out of turn: a type 7 error and the hub closes.
    hub.ws.send(invocation(c, '0'));
    expect(await hub.closed).toBe(1008);
    expect(hub.frames.at(-1)).toContain('invocationId must be \\"1\\"');
  });

  it('refuses a hub without the access token of a conversation it made, and a record without the separator', async () => {
    await expect(open(socketUrl('/sydney/ChatHub?sec_access_token=forged'), cookie()).opened).rejects.toThrow('HTTP 401');
    const c = await create();
    const hub = open(socketUrl(`/sydney/ChatHub?sec_access_token=${encodeURIComponent(c.signature)}`), cookie());
    await hub.opened;
    hub.ws.send('{"protocol":"json","version":1}');
    expect(await hub.closed).toBe(1008);
    expect(hub.frames.at(-1)).toContain('record separator');
  });

  it('a throttled answer carries no bot message', async () => {
    const c = await create();
    fake.enqueue({ mentioning: 'hello', chunks: ['Par', 'tial'], bing: { throttled: true } });
    const hub = open(socketUrl(`/sydney/ChatHub?sec_access_token=${encodeURIComponent(c.signature)}`), cookie());
    await hub.opened;
    hub.ws.send(`{"protocol":"json","version":1}${RS}`);
    await hub.until(() => hub.frames.length > 0);
    hub.ws.send(invocation(c, '0'));
    await hub.until(() => hub.frames.some((f) => f.includes('"type":2')));
    const result = hub.frames.join('').split(RS).filter(Boolean).map((r) => JSON.parse(r) as { type: number; item?: { messages: { author: string }[]; result: { value: string } } }).find((r) => r.type === 2)!;
    expect(result.item!.result.value).toBe('Throttled');
    expect(result.item!.messages.map((m) => m.author)).toEqual(['user']);
    hub.ws.close();
  });
});
