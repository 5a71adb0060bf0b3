import { randomUUID } from 'node:crypto';
import {
  askControlFields,
  branchTo,
  endpointOptionsSchemas,
  placeholderResponseId,
  ROOT_PARENT_ID,
  senderName,
  supportsContinue,
  type AskRequest,
  type EndpointName,
  type MessageFile,
} from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { getProvider } from '../../providers/registry.ts';
import { assertAgentRunnable } from '../agent/agent-checks.ts';
import { pluginAgentProvider } from '../agent/agent-provider.ts';
import { systemPrompt } from '../../providers/prompt.ts';
import type { ChatProvider, ChatTurn, UpstreamSession } from '../../providers/types.ts';
import { findConversation } from '../conversations/conversation-store.ts';
import type { ConversationRow } from '../../presenters/present-conversation.ts';
import { listMessageSizes, listMessagesById } from '../messages/message-store.ts';
import type { MessageRow } from '../../presenters/present-message.ts';
import type { FileUser } from '../files/file-user.ts';
import { attachedFiles } from '../files/turn-files.ts';
import { assertModelOffered, type ModelCaller } from '../models/offered-model.ts';
import { buildTurns } from './build-turns.ts';
import { historyBudget, historyWindow } from './history-window.ts';
import { resolveCredentials, type Credentials } from './credentials.ts';
import { assertMessageIdFree } from './message-ids.ts';
import { channelProvider } from '../channels/channel-provider.ts';

type ExchangeMode = 'new' | 'regenerate' | 'continue';

/** Everything decided before anything is written: who asks, in which conversation, what is sent upstream. */
export interface Exchange {
  mode: ExchangeMode;
  userId: string;
  /** What limits the models this caller may use (the title model included). */
  caller: ModelCaller;
  endpoint: EndpointName;
  model: string;
  options: Record<string, unknown>;
  credentials: Credentials;
  provider: ChatProvider;
  /** The channel the last model call went to (a server-paid chat's usage record names it); unset on the user's own key. */
  routed: { channel?: string };
  conversationId: string;
  /** Undefined for a conversation this exchange creates. */
  conversation?: ConversationRow;
  /** The user message: to be saved (`new`) or already stored (`regenerate`, `continue`). */
  userMessage: MessageRow | NewUserMessage;
  /**
   * The id the reply is saved under while it streams: `<request>_` (a fresh id when a regenerated
   * request's placeholder is already taken), or the continued reply's own id.
   */
  replyId: string;
  /** The continued reply, when continuing or editing one. */
  continued?: { row: MessageRow; prefix: string; isEdited: boolean };
  sender: string;
  turns: ChatTurn[];
  /** The upstream's own conversation the new message continues (Bing), when its parent is the reply that conversation ended at. */
  session?: UpstreamSession;
}

/** The stored upstream conversation, when `parentId` is the reply it ended at (a branch elsewhere starts a new one). */
function sessionUnder(conversation: ConversationRow, parentId: string): UpstreamSession | undefined {
  const { replyId, ...session } = conversation.upstream ?? {};
  return replyId === parentId ? (session as UpstreamSession) : undefined;
}

export interface NewUserMessage {
  id: string;
  parentMessageId: string;
  text: string;
  isEdited: boolean;
  files?: MessageFile[];
}

export const isStored = (message: Exchange['userMessage']): message is MessageRow => 'userId' in message;

const upstreamOwnedOptions = ['jailbreakConversationId', 'conversationSignature', 'clientId', 'invocationId'];

function endpointOptions(endpoint: EndpointName, body: AskRequest): Record<string, unknown> {
  const extra: Record<string, unknown> = { ...body };
  for (const key of askControlFields) delete extra[key];
  const { model: _model, ...options } = endpointOptionsSchemas[endpoint].parse(extra) as Record<string, unknown>;
  // Bing's upstream ids and turn counter are the server's (kept with the conversation), never the client's.
  for (const key of upstreamOwnedOptions) delete options[key];
  return options;
}

/** The new user message's id: the client's, when free everywhere, or a fresh one. */
async function newMessageId(ctx: AppContext, body: AskRequest): Promise<string> {
  if (!body.messageId) return randomUUID();
  await assertMessageIdFree(ctx.db, body.messageId);
  return body.messageId;
}

const notFound = (what: string) => new AppError('not_found', `${what} not found.`);

/**
 * Validates an ask against the caller's data and works out the exchange. Throws before the
 * stream opens (404 for another user's conversation, 400 for a bad request, a model not offered
 * to this caller or a plugin it may not use), writes nothing.
 */
export async function prepareExchange(
  ctx: AppContext,
  caller: FileUser & ModelCaller,
  endpoint: EndpointName,
  body: AskRequest,
  route: 'ask' | 'edit',
): Promise<Exchange> {
  const userId = caller.id;
  if (body.isContinued && !supportsContinue(endpoint)) throw new AppError('validation', 'This endpoint cannot continue a reply.');
  const options = endpointOptions(endpoint, body);
  await assertModelOffered(ctx, endpoint, body.model, caller);
  if (endpoint === 'gptPlugins') await assertAgentRunnable(ctx, caller, options);
  // gptPlugins runs the plugin agent on the OpenAI account; every other endpoint is its provider.
  const own = endpoint === 'gptPlugins' ? pluginAgentProvider(ctx, userId) : getProvider(endpoint);
  const credentials = await resolveCredentials(ctx, endpoint, userId);
  // The server's account: every call (the reply, its title, an agent's run) goes through its channels.
  const routed: Exchange['routed'] = {};
  const provider = credentials.viaChannels ? channelProvider(ctx.channels, endpoint, own, (target) => (routed.channel = target.channel)) : own;
  const base = { userId, caller: { allowedModels: caller.allowedModels }, endpoint, model: body.model, options, credentials, provider, routed, sender: senderName(endpoint, options) };
  // Only a new user message takes files; a regenerated or continued one keeps its own.
  const files = await attachedFiles(ctx, caller, { endpoint, model: body.model }, body.files);

  if (!body.conversationId) {
    const id = await newMessageId(ctx, body);
    return {
      ...base,
      mode: 'new',
      conversationId: randomUUID(),
      userMessage: { id, parentMessageId: ROOT_PARENT_ID, text: body.text, isEdited: false, files },
      replyId: placeholderResponseId(id),
      turns: [{ role: 'user', content: body.text, files }],
    };
  }

  const conversation = await findConversation(ctx.db, userId, body.conversationId);
  if (!conversation) throw notFound('Conversation');
  // The tree and each message's size, not the texts: only the window sent upstream is read.
  const sizes = await listMessageSizes(ctx.db, userId, conversation.id);
  const byId = new Map(sizes.map((m) => [m.messageId, m]));
  const budget = historyBudget(ctx.env, endpoint, body.model) - (systemPrompt(options)?.length ?? 0);
  const read = (ids: string[]) => listMessagesInOrder(ctx, userId, conversation.id, ids);
  /**
   * The newest messages of the branch up to `leafId` that fit the model's input with `reserved`
   * characters set aside for what this ask adds; `keepLeaf` keeps the leaf (the question) whatever its size.
   */
  const windowTo = async (leafId: string, reserved: number, keepLeaf: boolean) => {
    const branch = branchTo(sizes, leafId);
    const leaf = keepLeaf ? branch.pop() : undefined;
    const window = historyWindow(branch, budget - reserved - (leaf?.chars ?? 0));
    return read([...window, ...(leaf ? [leaf] : [])].map((m) => m.messageId));
  };
  const shared = { ...base, conversationId: conversation.id, conversation };

  if (body.isContinued) {
    const reply = byId.get(body.responseMessageId!);
    const question = reply && byId.get(reply.parentMessageId);
    const [row] = reply && question && !reply.isCreatedByUser ? await read([reply.messageId]) : [];
    if (!row || !question) throw notFound('Reply');
    const prefix = body.generation ?? row.text;
    const branch = await windowTo(question.messageId, prefix.length, true);
    const parent = branch.at(-1);
    if (parent?.id !== question.messageId) throw notFound('Reply');
    return {
      ...shared,
      mode: 'continue',
      userMessage: parent,
      replyId: row.id,
      continued: { row, prefix, isEdited: row.isEdited || (route === 'edit' && prefix !== row.text) },
      turns: buildTurns(branch).concat({ role: 'assistant', content: prefix }),
    };
  }

  const regenerateOf = body.overrideParentMessageId ?? (body.isRegenerate ? (body.messageId ?? body.parentMessageId) : undefined);
  if (regenerateOf) {
    const branch = byId.get(regenerateOf)?.isCreatedByUser ? await windowTo(regenerateOf, 0, true) : [];
    const userMessage = branch.at(-1);
    if (userMessage?.id !== regenerateOf) throw notFound('Message');
    // A reply left at the placeholder id (its stream died, or is still running) is kept as it
    // is: the new one streams under a fresh id and becomes its sibling.
    const placeholder = placeholderResponseId(userMessage.id);
    return {
      ...shared,
      mode: 'regenerate',
      userMessage,
      replyId: byId.has(placeholder) ? randomUUID() : placeholder,
      turns: buildTurns(branch),
    };
  }

  const parentId = body.parentMessageId;
  if (parentId !== ROOT_PARENT_ID && !byId.has(parentId)) throw notFound('Parent message');
  const id = await newMessageId(ctx, body);
  const branch = parentId === ROOT_PARENT_ID ? [] : await windowTo(parentId, body.text.length, false);
  return {
    ...shared,
    mode: 'new',
    userMessage: { id, parentMessageId: parentId, text: body.text, isEdited: route === 'edit', files },
    replyId: placeholderResponseId(id),
    turns: buildTurns(branch).concat({ role: 'user', content: body.text, files }),
    session: sessionUnder(conversation, parentId),
  };
}

/** The named messages of one of the user's conversations, in the order of `ids` (one gone meanwhile is left out). */
async function listMessagesInOrder(ctx: AppContext, userId: string, conversationId: string, ids: readonly string[]): Promise<MessageRow[]> {
  const rows = new Map((await listMessagesById(ctx.db, userId, conversationId, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => rows.get(id) ?? []);
}
