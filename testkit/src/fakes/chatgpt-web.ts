import { randomUUID } from 'node:crypto';
import { echoChunks, sendJson, startFakeServer, streamFrames, type FakeContext, type FakeUpstream } from './fake-server.ts';
import { expiredTokenBody, invalidTokenBody, scriptedFailure } from './chatgpt-web/errors.ts';
import { snapshotFrames, v1Frames, webMessage, type ReplyPlan } from './chatgpt-web/frames.ts';
import { requestIssues, type ConversationRequest } from './chatgpt-web/request.ts';

export { badGatewayPage, captchaRequiredBody, cloudflareChallengePage, unusualActivityBody } from './chatgpt-web/errors.ts';

/**
 * The slugs the web back end answers to (checked 2026-11-27 against public web clients and
 * reverse proxies; independent of core's table, which a test holds to this list).
 */
export const chatGPTWebServedSlugs: readonly string[] = [
  'text-davinci-002-render-sha',
  'auto',
  'gpt-5-6',
  'gpt-5-6-thinking',
  'gpt-5-6-pro',
  'gpt-5-6-instant',
  'gpt-5-5',
  'gpt-5-5-instant',
  'gpt-5-5-thinking',
  'gpt-5-5-pro',
  'gpt-5-3',
  'gpt-5-3-mini',
];

export interface ChatGPTWebFakeOptions {
  /** Access tokens the back end takes; any other is refused as unparseable (401 `invalid_jwt`). */
  tokens?: string[];
  /**
   * What it answers a client that asks for `v1`: the current back end's delta patches, or
   * `snapshot`, as a proxy of the chat2api family that sends every event whole.
   */
  encoding?: 'v1' | 'snapshot';
}

export interface ChatGPTWebFake extends FakeUpstream {
  /** Switchable between requests (a proxy replaced by another kind). */
  encoding: 'v1' | 'snapshot';
  /** The token now answers 401 `token_expired`, as an access token past its `exp` does. */
  expire(token: string): void;
  /** Expires the token and answers a new one of the same account (its conversations go on), as signing in again gives. */
  renew(token: string): string;
  /** The roles and texts from the root of a conversation down to one of its messages: what the model answered from. */
  thread(conversationId: string, messageId: string): { role: string; text: string }[];
}

interface Node {
  parent: string | null;
  role: string;
  text: string;
}

interface Conversation {
  /** The account whose token started it; any token of that account may continue it. */
  account: string;
  nodes: Map<string, Node>;
}

/**
 * A strict fake of ChatGPT's web back end behind a reverse proxy: `POST /backend-api/conversation`
 * with a Bearer access token, the web client's body (checked field by field, 422 with FastAPI's
 * issues otherwise), conversations kept per token (an unknown `conversation_id` or
 * `parent_message_id` is refused), answers in either encoding, and the real refusals: expired or
 * unparseable token, the model cap, "unusual activity", a Cloudflare challenge page.
 */
export async function startChatGPTWebFake(options: ChatGPTWebFakeOptions = {}): Promise<ChatGPTWebFake> {
  // Token → account: each configured token is an account of its own; a renewed token keeps its account.
  const tokens = new Map((options.tokens ?? ['chatgpt-testkit-token']).map((token) => [token, token]));
  const expired = new Set<string>();
  const conversations = new Map<string, Conversation>();
  const state = { encoding: options.encoding ?? 'v1' };

  async function conversation(ctx: FakeContext) {
    const { req, res, recorded } = ctx;
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (token && expired.has(token)) return sendJson(res, 401, expiredTokenBody);
    const account = token ? tokens.get(token) : undefined;
    if (!account) return sendJson(res, 401, invalidTokenBody);
    const issues = requestIssues(recorded.body);
    if (issues.length > 0) return sendJson(res, 422, { detail: issues });
    const body = recorded.body as ConversationRequest;
    if (!chatGPTWebServedSlugs.includes(body.model)) return sendJson(res, 404, { detail: `Model ${body.model} does not exist or you do not have access to it.` });

    let conversationId = body.conversation_id;
    let talk: Conversation;
    if (conversationId) {
      const found = conversations.get(conversationId);
      if (!found || found.account !== account) return sendJson(res, 404, { detail: `Can't load conversation ${conversationId}` });
      if (!found.nodes.has(body.parent_message_id)) return sendJson(res, 404, { detail: `Parent message ${body.parent_message_id} not found in conversation` });
      talk = found;
    } else {
      conversationId = randomUUID();
      talk = { account, nodes: new Map([[body.parent_message_id, { parent: null, role: 'root', text: '' }]]) };
    }
    if (body.messages.some((m) => talk.nodes.has(m.id))) return sendJson(res, 409, { detail: 'A message with this id already exists in the conversation' });

    const reply = ctx.takeReply(body.model);
    if (reply.status) {
      const failure = scriptedFailure(reply);
      res.writeHead(failure.status, failure.headers);
      return void res.end(failure.body);
    }
    conversations.set(conversationId, talk);
    let parent = body.parent_message_id;
    for (const message of body.messages) {
      talk.nodes.set(message.id, { parent, role: message.author.role, text: message.content.parts.join('') });
      parent = message.id;
    }
    const question = body.messages.at(-1)!;
    const chunks = reply.chunks ?? echoChunks(question.content.parts.join(''));
    const answerId = randomUUID();
    talk.nodes.set(answerId, { parent, role: 'assistant', text: chunks.join('') });
    const plan: ReplyPlan = {
      conversationId,
      question: webMessage(question.id, question.author.role, { content_type: 'text', parts: question.content.parts }, true),
      ...(reply.reasoning ? { reasoning: { id: randomUUID(), text: reply.reasoning } } : {}),
      answerId,
      model: body.model,
      chunks,
      finish: reply.finishReason === 'length' || reply.finishReason === 'max_tokens' ? 'max_tokens' : 'stop',
      open: Boolean(reply.hold || reply.cut),
      ...(reply.streamError ? { streamError: { message: reply.streamError.message, code: reply.streamError.type } } : {}),
    };
    const v1 = state.encoding === 'v1' && body.supported_encodings?.includes('v1');
    await streamFrames(ctx, v1 ? v1Frames(plan) : snapshotFrames(plan), reply);
  }

  const server = await startFakeServer(async (ctx) => {
    if (ctx.req.method === 'POST' && ctx.url.pathname === '/backend-api/conversation') return conversation(ctx);
    sendJson(ctx.res, 404, { detail: 'Not Found' });
  });

  return Object.assign(server, {
    get encoding() {
      return state.encoding;
    },
    set encoding(value: 'v1' | 'snapshot') {
      state.encoding = value;
    },
    expire: (token: string) => void expired.add(token),
    renew(token: string) {
      const account = tokens.get(token);
      if (!account) throw new Error(`no such token: ${token}`);
      expired.add(token);
      const fresh = `${token}.renewed-${randomUUID().slice(0, 8)}`;
      tokens.set(fresh, account);
      return fresh;
    },
    thread(conversationId: string, messageId: string) {
      const nodes = conversations.get(conversationId)?.nodes;
      const path: { role: string; text: string }[] = [];
      for (let id: string | null = messageId; id && nodes?.has(id); id = nodes.get(id)!.parent) {
        const node = nodes.get(id)!;
        if (node.role !== 'root') path.unshift({ role: node.role, text: node.text });
      }
      return path;
    },
  });
}
