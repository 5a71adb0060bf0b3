import { randomUUID } from 'node:crypto';
import { chatErrorText, type Message } from '@parley/core';
import type { AppContext } from '../../http/context.ts';
import { createConversation, updateConversationSettings } from '../conversations/conversation-store.ts';
import type { ConversationRow } from '../conversations/present-conversation.ts';
import { upsertMessage } from '../messages/message-store.ts';
import { presentMessage, type MessageRow } from '../messages/present-message.ts';
import { errorTextFor } from './chat-error-text.ts';
import { isStored, type Exchange } from './prepare-exchange.ts';
import { runExchange } from './run-exchange.ts';

export type StartResult = { ok: true; streamId: string } | { ok: false; error: Message };

/** The error reply shown when the user already has the maximum of live streams; nothing is stored. */
function concurrentError(exchange: Exchange, limit: number): Message {
  const now = new Date().toISOString();
  return {
    messageId: randomUUID(),
    conversationId: exchange.conversationId,
    parentMessageId: exchange.userMessage.id,
    sender: exchange.sender,
    text: chatErrorText('concurrent', { limit }),
    isCreatedByUser: false,
    model: exchange.model,
    endpoint: exchange.endpoint,
    error: true,
    unfinished: false,
    cancelled: false,
    isEdited: false,
    finish_reason: null,
    createdAt: now,
    updatedAt: now,
  };
}

async function saveConversation(ctx: AppContext, exchange: Exchange): Promise<ConversationRow> {
  const settings = { endpoint: exchange.endpoint, model: exchange.model, options: exchange.options };
  if (!exchange.conversation) {
    return createConversation(ctx.db, { conversationId: exchange.conversationId, userId: exchange.userId, ...settings });
  }
  return (await updateConversationSettings(ctx.db, exchange.userId, exchange.conversationId, settings)) ?? exchange.conversation;
}

async function saveUserMessage(ctx: AppContext, exchange: Exchange): Promise<MessageRow> {
  const message = exchange.userMessage;
  if (isStored(message)) return message;
  return upsertMessage(ctx.db, {
    id: message.id,
    conversationId: exchange.conversationId,
    userId: exchange.userId,
    parentMessageId: message.parentMessageId,
    sender: 'User',
    text: message.text,
    isCreatedByUser: true,
    model: exchange.model,
    endpoint: exchange.endpoint,
    isEdited: message.isEdited,
  });
}

/**
 * Claims a stream slot, saves the conversation, the user message and the reply placeholder,
 * announces `created`, then runs the upstream call in the background: the reply keeps
 * streaming into the registry even if this client disconnects, so it can resume.
 */
export async function startExchange(ctx: AppContext, exchange: Exchange): Promise<StartResult> {
  const streamId = randomUUID();
  const limit = ctx.env.CONCURRENT_MESSAGE_MAX;
  const claimed = await ctx.streams.create({ streamId, userId: exchange.userId, conversationId: exchange.conversationId }, limit);
  if (!claimed.ok) return { ok: false, error: concurrentError(exchange, limit) };

  try {
    const conversation = await saveConversation(ctx, exchange);
    const userMessage = await saveUserMessage(ctx, exchange);
    const placeholder = await upsertMessage(ctx.db, {
      id: exchange.replyId,
      conversationId: exchange.conversationId,
      userId: exchange.userId,
      parentMessageId: userMessage.id,
      sender: exchange.sender,
      text: exchange.continued?.prefix ?? '',
      isCreatedByUser: false,
      model: exchange.model,
      endpoint: exchange.endpoint,
      unfinished: true,
      isEdited: exchange.continued?.isEdited ?? false,
    });
    await ctx.streams.append(streamId, {
      event: 'message',
      data: { created: true, message: presentMessage(userMessage), conversationId: exchange.conversationId, streamId },
    });
    void runExchange(ctx, exchange, { streamId, conversation, userMessage, placeholder });
    return { ok: true, streamId };
  } catch (error) {
    // Ends the claimed stream so it stops counting against the user's limit.
    const { text } = errorTextFor(error);
    await ctx.streams.append(streamId, { event: 'error', data: { error: true, text }, last: true }).catch(() => undefined);
    throw error;
  }
}
