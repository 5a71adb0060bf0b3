import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { echoChunks, sendJson, type FakeContext, type FakeReply, type FakeUpgrade } from '../fake-server.ts';
import { pace, refusalPages, verdictOf, type KeyVerdict } from './bing-script.ts';

/** Copilot's modes (the web client's `mode` of a `send`). */
const copilotModes = ['chat', 'smart', 'reasoning', 'search'] as const;

export interface CopilotConversation {
  id: string;
  /** The texts sent into it, in order. */
  sent: string[];
  modes: string[];
}

/** The caller's token: `Authorization: Bearer`, or on the socket the `accessToken` query. */
function copilotKey(headers: FakeUpgrade['req']['headers'], query: Record<string, string>): string | undefined {
  const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
  return bearer ?? query.accessToken;
}

function refuseHttp(ctx: FakeContext, verdict: Exclude<KeyVerdict, 'ok'>) {
  if (verdict === 'cloudflare' || verdict === 'unusual_activity') {
    ctx.res.writeHead(403, { 'content-type': 'text/html; charset=UTF-8', ...(verdict === 'cloudflare' ? { 'cf-mitigated': 'challenge' } : {}) });
    ctx.res.end(refusalPages[verdict]);
    return;
  }
  sendJson(ctx.res, 401, { errorCode: verdict === 'expired' ? 'token-expired' : 'unauthorized', message: 'Unauthorized' });
}

/** `POST /c/api/conversations`: a new conversation for a known token. */
export function createCopilotConversation(ctx: FakeContext, validKey: string, conversations: Map<string, CopilotConversation>) {
  if (ctx.req.method !== 'POST') return sendJson(ctx.res, 405, { errorCode: 'method-not-allowed' });
  const verdict = verdictOf(copilotKey(ctx.req.headers, ctx.recorded.query), validKey);
  if (verdict !== 'ok') return refuseHttp(ctx, verdict);
  const id = randomUUID().replace(/-/g, '').slice(0, 21);
  conversations.set(id, { id, sent: [], modes: [] });
  sendJson(ctx.res, 200, { id, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(), title: null });
}

/** Whether a client frame is a well-formed `send` for a known conversation; the reason otherwise. */
function sendProblem(frame: Record<string, unknown>, conversations: Map<string, CopilotConversation>): string | undefined {
  if (frame.event !== 'send') return `unknown event ${String(frame.event)}`;
  if (typeof frame.conversationId !== 'string' || !conversations.has(frame.conversationId)) return 'unknown conversationId';
  if (!Array.isArray(frame.content) || frame.content.length === 0) return 'content must be a non-empty array';
  const text = frame.content.find((part: { type?: unknown }) => part?.type === 'text') as { text?: unknown } | undefined;
  if (!text || typeof text.text !== 'string' || text.text === '') return 'content needs a text part';
  if (!(copilotModes as readonly string[]).includes(String(frame.mode))) return `unknown mode ${String(frame.mode)}`;
  return undefined;
}

const textOfSend = (frame: { content: { type?: string; text?: string }[] }) => frame.content.find((part) => part.type === 'text')!.text!;

/**
 * The chat socket `/c/api/chat?api-version=2&clientSessionId=…`: says `connected` first, takes
 * `send` frames and answers each as Copilot does. A malformed frame is an `error` frame and the
 * socket closes, as the real service does.
 */
export function serveCopilotSocket(ws: WebSocket, upgrade: FakeUpgrade, conversations: Map<string, CopilotConversation>, pictureUrl: string) {
  const send = (frame: Record<string, unknown>) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  };
  send({ event: 'connected', requestId: randomUUID() });
  ws.on('message', (data) => {
    let frame: Record<string, unknown>;
    try {
      frame = JSON.parse(data.toString()) as Record<string, unknown>;
    } catch {
      send({ event: 'error', errorCode: 'invalid-json', message: 'The frame is not JSON.' });
      ws.close(1003);
      return;
    }
    upgrade.recorded.body = frame;
    if (frame.event === 'setOptions' || frame.event === 'ping') return;
    const problem = sendProblem(frame, conversations);
    if (problem) {
      send({ event: 'error', errorCode: 'invalid-request', message: problem });
      ws.close(1008);
      return;
    }
    const conversation = conversations.get(frame.conversationId as string)!;
    const text = textOfSend(frame as { content: { type?: string; text?: string }[] });
    conversation.sent.push(text);
    conversation.modes.push(String(frame.mode));
    void answer(conversation, upgrade.takeReply(String(frame.mode), frame), text);
  });

  async function answer(conversation: CopilotConversation, reply: FakeReply, text: string) {
    const messageId = randomUUID();
    send({ event: 'received', messageId: randomUUID() });
    send({ event: 'startMessage', messageId });
    const chunks = reply.chunks ?? echoChunks(`${text} (turn ${conversation.sent.length})`);
    for (const chunk of chunks) {
      await pace(reply.delayMs);
      send({ event: 'appendText', messageId, partId: '0', text: chunk });
    }
    if (reply.cut) return void ws.terminate();
    if (reply.bing?.throttled) return send({ event: 'error', errorCode: 'rate-limited', message: 'Too many requests' });
    if (reply.bing?.challenge) return send({ event: 'challenge', method: 'cloudflare', id: randomUUID() });
    if (reply.hold) return;
    send({ event: 'partCompleted', messageId, partId: '0' });
    for (const citation of reply.bing?.citations ?? []) send({ event: 'citation', messageId, url: citation.url, title: citation.title });
    if (reply.bing?.image) {
      send({ event: 'generatingImage', messageId, prompt: reply.bing.image });
      send({ event: 'imageGenerated', messageId, url: pictureUrl, thumbnailUrl: pictureUrl, prompt: reply.bing.image });
    }
    if (conversation.sent.length === 1) send({ event: 'titleUpdate', title: text.slice(0, 30) });
    if (reply.bing?.suggestions) send({ event: 'suggestedFollowups', messageId, suggestions: reply.bing.suggestions });
    send({ event: 'done', messageId });
  }
}

/** Whether the socket's handshake may proceed; the refusal written to the raw socket otherwise. */
export function copilotHandshakeRefusal(upgrade: FakeUpgrade, validKey: string): string | undefined {
  if (upgrade.recorded.query['api-version'] !== '2' || !upgrade.recorded.query.clientSessionId) {
    return 'HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\n\r\n{"errorCode":"bad-request"}';
  }
  const verdict = verdictOf(copilotKey(upgrade.req.headers, upgrade.recorded.query), validKey);
  if (verdict === 'ok') return undefined;
  if (verdict === 'cloudflare' || verdict === 'unusual_activity') {
    return `HTTP/1.1 403 Forbidden\r\ncontent-type: text/html\r\ncf-mitigated: challenge\r\n\r\n${refusalPages[verdict]}`;
  }
  return 'HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\n\r\n{"errorCode":"unauthorized"}';
}
