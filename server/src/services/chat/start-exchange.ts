import { randomUUID } from 'node:crypto';
import { chatErrorText, type Message } from '@parley/core';
import type { AppContext } from '../../http/context.ts';
import { presentMessage } from '../messages/present-message.ts';
import { errorTextFor } from './chat-error-text.ts';
import type { Exchange } from './prepare-exchange.ts';
import { runExchange } from './run-exchange.ts';
import { saveRequest } from './save-request.ts';

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

/**
 * Claims a stream slot, saves the user message (with a new conversation, in one statement),
 * announces `created`, then runs the upstream call in the background: the reply keeps
 * streaming into the registry even if this client disconnects, so it can resume. The reply
 * placeholder and the conversation's settings are written once the upstream call is under way.
 */
export async function startExchange(ctx: AppContext, exchange: Exchange): Promise<StartResult> {
  const streamId = randomUUID();
  const limit = ctx.env.CONCURRENT_MESSAGE_MAX;
  const claimed = await ctx.streams.create({ streamId, userId: exchange.userId, conversationId: exchange.conversationId }, limit);
  if (!claimed.ok) return { ok: false, error: concurrentError(exchange, limit) };

  try {
    const userMessage = await saveRequest(ctx.db, exchange);
    await ctx.streams.append(streamId, {
      event: 'message',
      data: { created: true, message: presentMessage(userMessage), conversationId: exchange.conversationId, streamId },
    });
    void runExchange(ctx, exchange, { streamId, userMessage });
    return { ok: true, streamId };
  } catch (error) {
    // Ends the claimed stream so it stops counting against the user's limit.
    const { text } = errorTextFor(error);
    await ctx.streams.append(streamId, { event: 'error', data: { error: true, text }, last: true }).catch(() => undefined);
    throw error;
  }
}
