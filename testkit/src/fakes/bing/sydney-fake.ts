import { randomBytes, randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { echoChunks, sendJson, type FakeContext, type FakeReply, type FakeUpgrade } from '../fake-server.ts';
import { pace, refusalPages, verdictOf } from './bing-script.ts';

const RS = '\x1e';
/** The tone option sets Bing Chat knew; an invocation names exactly one. */
const sydneyToneOptionSets = ['h3imaginative', 'harmonyv3', 'galileo', 'h3precise'] as const;

export interface SydneyConversation {
  conversationId: string;
  clientId: string;
  signature: string;
  /** The invocationId the next `chat` must carry. */
  nextInvocation: number;
  /** Each invocation as received. */
  invocations: Record<string, unknown>[];
  /** Bing forgets a conversation after six hours; a test sets this to have it forgotten now. */
  expired?: boolean;
}

const cookieKey = (cookie: string | undefined) => /(?:^|;\s*)_U=([^;]+)/.exec(cookie ?? '')?.[1];

/**
 * `GET /turing/conversation/create` with the `_U` cookie. With `encrypted` (newer hosts) the
 * signature comes as the `X-Sydney-EncryptedConversationSignature` header and the hub wants it
 * as `sec_access_token`; otherwise it is the body's `conversationSignature`.
 */
export function createSydneyConversation(ctx: FakeContext, validKey: string, conversations: Map<string, SydneyConversation>, encrypted: boolean) {
  if (ctx.req.method !== 'GET') return sendJson(ctx.res, 405, {});
  const verdict = verdictOf(cookieKey(ctx.req.headers.cookie), validKey);
  if (verdict === 'cloudflare' || verdict === 'unusual_activity') {
    ctx.res.writeHead(200, { 'content-type': 'text/html' });
    return void ctx.res.end(refusalPages[verdict]);
  }
  if (verdict !== 'ok') {
    return sendJson(ctx.res, 200, { result: { value: 'UnauthorizedRequest', message: 'Sorry, you need to login first to access this service.' } });
  }
  const conversation: SydneyConversation = {
    conversationId: `51D|BingProd|${randomBytes(32).toString('hex').toUpperCase()}`,
    clientId: String(BigInt(`0x${randomBytes(7).toString('hex')}`)),
    signature: randomBytes(24).toString('base64'),
    nextInvocation: 0,
    invocations: [],
  };
  conversations.set(conversation.conversationId, conversation);
  const body = { conversationId: conversation.conversationId, clientId: conversation.clientId, result: { value: 'Success', message: null } };
  if (encrypted) return sendJson(ctx.res, 200, body, { 'x-sydney-encryptedconversationsignature': conversation.signature });
  sendJson(ctx.res, 200, { ...body, conversationSignature: conversation.signature });
}

/** What is wrong with a `chat` invocation, strictly as the hub reads it; undefined when nothing is. */
function invocationProblem(record: Record<string, unknown>, conversations: Map<string, SydneyConversation>, token: string | undefined): string | undefined {
  if (record.type !== 4 || record.target !== 'chat') return 'expected a type 4 invocation of target chat';
  const args = (record.arguments as Record<string, unknown>[] | undefined)?.[0];
  if (!args) return 'arguments[0] is missing';
  const conversation = conversations.get(String(args.conversationId));
  if (!conversation) return 'unknown conversationId';
  if ((args.participant as { id?: unknown } | undefined)?.id !== conversation.clientId) return 'participant.id is not the clientId';
  const signed = token === conversation.signature || args.conversationSignature === conversation.signature;
  if (!signed) return 'no valid conversation signature';
  if (args.source !== 'cib') return 'source must be cib';
  const sets = Array.isArray(args.optionsSets) ? args.optionsSets : [];
  if (sets.filter((s) => (sydneyToneOptionSets as readonly string[]).includes(String(s))).length !== 1) return 'optionsSets must name exactly one tone';
  if (record.invocationId !== String(conversation.nextInvocation)) return `invocationId must be "${conversation.nextInvocation}"`;
  if (args.isStartOfSession !== (conversation.nextInvocation === 0)) return 'isStartOfSession must be true exactly for the first invocation';
  const message = args.message as { author?: unknown; text?: unknown; messageType?: unknown } | undefined;
  if (message?.author !== 'user' || typeof message.text !== 'string' || message.text === '') return 'message needs author user and a text';
  if (message.messageType !== 'Chat' && message.messageType !== 'SearchQuery') return 'messageType must be Chat or SearchQuery';
  return undefined;
}

/** The text the reply echoes: the question, or in Sydney mode the last user line of the injected context. */
function questionOf(args: Record<string, unknown>): string {
  const message = args.message as { text: string; messageType: string };
  if (message.messageType === 'Chat') return message.text;
  const context = (args.previousMessages as { description?: string }[] | undefined)?.[0]?.description ?? '';
  return context.split('[user](#message)\n').at(-1)?.trim() ?? message.text;
}

/**
 * The hub `/sydney/ChatHub`: the JSON protocol handshake (`{"protocol":"json","version":1}` →
 * `{}`), then `chat` invocations answered with type 1 updates of the whole text so far, a type 2
 * result and a type 3 close; type 6 pings are echoed; a broken invocation gets a type 7 error.
 */
export function serveSydneyHub(ws: WebSocket, upgrade: FakeUpgrade, conversations: Map<string, SydneyConversation>) {
  let handshaken = false;
  const send = (record: Record<string, unknown>) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(record) + RS);
  };
  const fail = (error: string) => {
    send({ type: 7, error, allowReconnect: false });
    ws.close(1008);
  };
  // What Bing answers an invocation on a conversation it no longer keeps: a result with no messages, then the close.
  const forgotten = (invocationId: string, conversationId: string) => {
    const message = `Conversation '${conversationId}' doesn't exist or has expired. Conversations expire after 06:00:00.`;
    send({ type: 2, invocationId, item: { firstNewMessageIndex: null, suggestedResponses: null, conversationId, requestId: randomUUID(), result: { value: 'InvalidSession', message } } });
    send({ type: 3, invocationId });
  };
  ws.on('message', (data) => {
    const text = data.toString();
    if (!text.endsWith(RS)) return fail('records must end with the record separator');
    for (const part of text.split(RS).filter(Boolean)) {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(part) as Record<string, unknown>;
      } catch {
        return fail('a record is not JSON');
      }
      if (!handshaken) {
        if (record.protocol !== 'json' || record.version !== 1) return fail('expected the handshake {"protocol":"json","version":1}');
        handshaken = true;
        ws.send(`{}${RS}`);
        continue;
      }
      if (record.type === 6) {
        send({ type: 6 });
        continue;
      }
      upgrade.recorded.body = record;
      const problem = invocationProblem(record, conversations, upgrade.recorded.query.sec_access_token);
      if (problem) return fail(problem);
      const args = (record.arguments as Record<string, unknown>[])[0]!;
      const conversation = conversations.get(String(args.conversationId))!;
      if (conversation.expired) return forgotten(String(record.invocationId), conversation.conversationId);
      conversation.invocations.push(record);
      conversation.nextInvocation += 1;
      void answer(record.invocationId as string, args, upgrade.takeReply(String((args.optionsSets as string[]).find((s) => (sydneyToneOptionSets as readonly string[]).includes(s))), record));
    }
  });

  async function answer(invocationId: string, args: Record<string, unknown>, reply: FakeReply) {
    const messageId = randomUUID();
    const question = questionOf(args);
    const user = { author: 'user', text: (args.message as { text: string }).text, messageId: randomUUID() };
    let text = '';
    for (const chunk of reply.chunks ?? echoChunks(question)) {
      await pace(reply.delayMs);
      text += chunk;
      send({ type: 1, target: 'update', arguments: [{ messages: [{ author: 'bot', text, messageId, adaptiveCards: [{ type: 'AdaptiveCard', body: [{ type: 'TextBlock', text }] }] }], requestId: messageId }] });
    }
    if (reply.cut) return void ws.terminate();
    if (reply.hold) return;
    const result = (value: string, message: string, messages: unknown[]) => {
      send({ type: 2, invocationId, item: { messages, firstNewMessageIndex: 1, conversationId: args.conversationId, result: { value, message }, throttling: { maxNumUserMessagesInConversation: 30, numUserMessagesInConversation: Number(invocationId) + 1 } } });
      send({ type: 3, invocationId });
    };
    // A throttled or challenged answer carries no bot message.
    if (reply.bing?.throttled) return result('Throttled', 'Request is throttled.', [user]);
    if (reply.bing?.challenge) return result('CaptchaChallenge', 'User needs to solve CAPTCHA to continue.', [user]);
    const bot = {
      author: 'bot',
      text,
      messageId,
      adaptiveCards: [{ type: 'AdaptiveCard', body: [{ type: 'TextBlock', text }] }],
      sourceAttributions: (reply.bing?.citations ?? []).map((c) => ({ providerDisplayName: c.title, seeMoreUrl: c.url })),
      suggestedResponses: (reply.bing?.suggestions ?? []).map((s) => ({ text: s, author: 'user', messageType: 'Suggestion' })),
    };
    const image = reply.bing?.image ? [{ author: 'bot', contentType: 'IMAGE', text: reply.bing.image, messageId: randomUUID() }] : [];
    result('Success', '', [user, bot, ...image]);
  }
}

/** The hub's handshake: a newer host's `sec_access_token` must name a conversation it made. */
export function sydneyHandshakeRefusal(upgrade: FakeUpgrade, conversations: Map<string, SydneyConversation>, encrypted: boolean): string | undefined {
  const token = upgrade.recorded.query.sec_access_token;
  if (!encrypted) return undefined;
  if (token && [...conversations.values()].some((c) => c.signature === token)) return undefined;
  return 'HTTP/1.1 401 Unauthorized\r\ncontent-type: text/plain\r\n\r\nInvalid access token';
}
