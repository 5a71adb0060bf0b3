import { ROOT_PARENT_ID, type Conversation, type FinalEvent } from '@parley/core';
import type { LightMyRequestResponse } from 'fastify';
import { startChatStack, type ChatStack } from './chat-stack.ts';
import { createConversation } from '../services/conversations/conversation-store.ts';
import { uploadFile } from '../services/files/upload-file.ts';
import { upsertMessage } from '../services/messages/message-store.ts';
import { presentMessage } from '../presenters/present-message.ts';
import type { DatabaseKind } from './databases.ts';
import { orders, usageRecords } from '../db/schema.ts';

/** How a route is called: its path with the ids filled in, and the JSON body (or JSON text) if any. */
export interface RouteCall {
  url: string;
  payload?: unknown;
  /** Replaces the JSON content type, e.g. for a multipart upload. */
  contentType?: string;
}

/** Alice's data that other callers aim at. Every value is distinctive, so a leak shows in any answer. */
export interface AliceData {
  userId: string;
  email: string;
  password: string;
  conversationId: string;
  userMessageId: string;
  replyId: string;
  presetId: string;
  streamId: string;
  /** An upload of Alice's, set when she is seeded. */
  fileId: string;
  /** Alice's API token's id, set when she is seeded. */
  apiTokenId: string;
  /** Alice's share link of a conversation without secrets (its page is public), set when she is seeded. */
  shareId: string;
  shareToken: string;
  /** Texts only Alice's data holds: none may appear in another caller's answer. */
  secrets: string[];
}

export type Caller = { token?: string; ip?: string };

/**
 * A listening app on a fake OpenAI upstream (so chats really run), Bob signed in, and Alice
 * owning a conversation with two messages, a preset, a provider key and a finished stream.
 */
export async function startSecurityWorld(kind: DatabaseKind) {
  const stack: ChatStack = await startChatStack(kind, { ANTHROPIC_API_KEY: 'user_provided' });
  const { t } = stack;
  const [aliceUser, bobUser] = [await t.signUp(), await t.signUp()];

  const call = (caller: Caller, method: string, route: RouteCall, extra: { headers?: Record<string, string> } = {}) => {
    const text = route.payload === undefined || typeof route.payload === 'string' ? route.payload : JSON.stringify(route.payload);
    return t.app.inject({
      method: method as 'GET',
      url: route.url,
      payload: text as string | undefined,
      remoteAddress: caller.ip ?? '198.51.100.7',
      headers: {
        ...(text === undefined ? {} : { 'content-type': route.contentType ?? 'application/json' }),
        ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
        ...extra.headers,
      },
    });
  };
  const alice: Caller = { token: aliceUser.token, ip: '198.51.100.1' };
  const bob: Caller = { token: bobUser.token, ip: '198.51.100.2' };

  const me = (await call(alice, 'GET', { url: '/api/user' })).json<{ email: string }>();
  const data: AliceData = {
    userId: aliceUser.userId,
    email: me.email,
    password: 'correct horse battery',
    conversationId: `alice-conversation-${kind}`,
    userMessageId: `alice-question-${kind}`,
    replyId: `alice-reply-${kind}`,
    presetId: `alice-preset-${kind}`,
    streamId: `alice-stream-${kind}`,
    fileId: '',
    apiTokenId: '',
    shareId: '',
    shareToken: '',
    secrets: ['Alice zebra file', 'Alice zebra question', 'Alice zebra answer', 'Alice private title', 'Alice preset title', 'sk-ant-alice-secret-key'],
  };
  await seedAlice(kind, stack, call, alice, data);

  return {
    stack,
    alice,
    bob,
    data,
    call,
    /** Everything Alice can read of her own data, to compare before and after others' calls. */
    async aliceSnapshot() {
      const read = async (url: string) => (await call(alice, 'GET', { url })).json<unknown>();
      return {
        user: await read('/api/user'),
        conversations: await read('/api/convos'),
        conversation: await read(`/api/convos/${data.conversationId}`),
        messages: await read(`/api/messages/${data.conversationId}`),
        presets: await read('/api/presets'),
        key: await read('/api/keys?name=anthropic'),
      };
    },
    close: () => stack.close(),
  };
}

export type SecurityWorld = Awaited<ReturnType<typeof startSecurityWorld>>;

async function seedAlice(
  kind: DatabaseKind,
  stack: ChatStack,
  call: (caller: Caller, method: string, route: RouteCall) => Promise<LightMyRequestResponse>,
  alice: Caller,
  data: AliceData,
) {
  const { db, streams } = stack.t.ctx;
  const base = { conversationId: data.conversationId, userId: data.userId, endpoint: 'openAI', model: 'gpt-4o' };
  await createConversation(db, { ...base, title: 'Alice private title', options: {} });
  const question = await upsertMessage(db, { ...base, id: data.userMessageId, parentMessageId: ROOT_PARENT_ID, sender: 'User', text: 'Alice zebra question', isCreatedByUser: true });
  const reply = await upsertMessage(db, { ...base, id: data.replyId, parentMessageId: data.userMessageId, sender: 'ChatGPT', text: 'Alice zebra answer', isCreatedByUser: false, finishReason: 'stop' });

  const preset = await call(alice, 'POST', { url: '/api/presets', payload: { presetId: data.presetId, title: 'Alice preset title', endpoint: 'openAI', model: 'gpt-4o' } });
  const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
  const key = await call(alice, 'PUT', { url: '/api/keys', payload: { name: 'anthropic', value: 'sk-ant-alice-secret-key', expiresAt } });
  if (preset.statusCode !== 200 || key.statusCode !== 200) throw new Error(`seeding Alice failed: ${preset.body} ${key.body}`);

  const token = await call(alice, 'POST', { url: '/api/user/tokens', payload: { name: 'Alice zebra token' } });
  if (token.statusCode !== 201) throw new Error(`seeding Alice's API token failed: ${token.body}`);
  const created = token.json<{ id: string; token: string }>();
  data.apiTokenId = created.id;
  data.secrets.push('Alice zebra token', created.token);

  const file = { fileName: 'alice-notes.txt', data: Buffer.from('Alice zebra file') };
  data.fileId = (await uploadFile(stack.t.ctx, { owner: data.userId, endpoint: 'openAI', ...file })).id;

  // A call on her record and a credits order, for "My usage": their model and order id are hers alone.
  const orderId = `PLalicezebraorder${kind}`;
  await db.insert(usageRecords).values({ userId: data.userId, dialect: 'web', model: 'alice-zebra-model', charged: 7, unit: 'credits', totalMs: 900, status: 'ok' });
  await db.insert(orders).values({ id: orderId, payId: 'alice-zebra-pay', userId: data.userId, type: 1, price: 2000, quota: 1000, purpose: 'credits', status: 'credited', paidAt: new Date() });
  data.secrets.push('alice-zebra-model', orderId);

  // A second conversation, shared: what its public page shows is no secret, so any caller may read it.
  const shared = { ...base, conversationId: `${data.conversationId}-shared` };
  await createConversation(db, { ...shared, title: 'A shared recipe', options: {} });
  await upsertMessage(db, { ...shared, id: `${data.userMessageId}-shared`, parentMessageId: ROOT_PARENT_ID, sender: 'User', text: 'How long do eggs boil?', isCreatedByUser: true });
  const link = await call(alice, 'POST', { url: '/api/share', payload: { conversationId: shared.conversationId } });
  if (link.statusCode !== 200) throw new Error(`seeding Alice's share link failed: ${link.body}`);
  ({ id: data.shareId, token: data.shareToken } = link.json<{ id: string; token: string }>());

  // A finished stream, as a chat leaves it for resume: its final frame is what an abort answers.
  await streams.create({ streamId: data.streamId, userId: data.userId, conversationId: data.conversationId }, 10);
  const conversation = (await call(alice, 'GET', { url: `/api/convos/${data.conversationId}` })).json<Conversation>();
  const final: FinalEvent = { final: true, conversation, requestMessage: presentMessage(question), responseMessage: presentMessage(reply) };
  await streams.append(data.streamId, { event: 'message', data: final, last: true });
}
