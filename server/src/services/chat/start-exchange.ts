import { randomUUID } from 'node:crypto';
import { chatErrorText, errorEvent, type Message } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { upsertMessage } from '../messages/message-store.ts';
import { presentMessage } from '../../presenters/present-message.ts';
import { errorTextFor } from './chat-error-text.ts';
import { isStored, type Exchange } from './prepare-exchange.ts';
import { keptContinuedRow, storeErrorSibling } from './reply-row.ts';
import { runExchange } from './run-exchange.ts';
import { openUserMessageGate } from './user-message-gate.ts';
import { saveRequest } from './save-request.ts';
import { fallbackTitle } from './title.ts';
import { callMeter } from '../access/call-meter.ts';
import { holdExchange } from '../access/hold-exchange.ts';
import type { Payer } from '../access/owner-kinds.ts';

export type StartResult = { ok: true; streamId: string } | { ok: false; error: Message };

/**
 * The user is at the maximum of live streams: nothing goes upstream, but nothing is lost
 * either. The user message is saved (a new conversation is named after its first words, as a
 * cancelled first reply would be); a continued reply keeps the text it was continued from, an
 * edit included, and is finished, as after a failed continue; the refusal is stored as an
 * error-flagged reply beside anything already under the user message.
 */
async function refuse(ctx: AppContext, exchange: Exchange, errorText: string): Promise<Message> {
  const { userMessage } = exchange;
  const title = exchange.conversation || isStored(userMessage) ? undefined : fallbackTitle(userMessage.text);
  await saveRequest(ctx.db, exchange, title);
  const kept = keptContinuedRow(exchange);
  if (kept) await upsertMessage(ctx.db, kept);
  return presentMessage(await storeErrorSibling(ctx.db, exchange, errorText));
}

/**
 * Claims a stream slot (at the limit, the refusal is stored and answered instead), saves the
 * user message (with a new conversation, in one statement) and announces `created`, while the
 * upstream call already goes out: the insert no longer delays the first token. The reply runs
 * in the background: it keeps streaming into the registry even if this client disconnects, so
 * it can resume. The reply placeholder and the conversation's settings are written once the
 * upstream call is under way. A user message that cannot be saved before `created` drops the
 * call and throws; one that fails after it ends the stream with an error (run-exchange.ts).
 */
export async function startExchange(ctx: AppContext, exchange: Exchange, requestId?: string, payer?: Payer, clientIp?: string): Promise<StartResult> {
  const startedAt = performance.now();
  const streamId = randomUUID();
  const limit = ctx.env.CONCURRENT_MESSAGE_MAX;
  const held = await holdExchange(ctx, exchange, payer);
  if (!held.ok) return { ok: false, error: await refuse(ctx, exchange, held.errorText) };
  const hold = callMeter(ctx, exchange, payer, held.hold);
  const info = { streamId, userId: exchange.userId, conversationId: exchange.conversationId, replyId: exchange.replyId };
  const claimed = await ctx.streams.create(info, limit).catch(async (error: unknown) => {
    // Redis away: the held quota goes back before the 503.
    await hold.settle({ served: false });
    throw error;
  });
  if (!claimed.ok) {
    await hold.settle({ served: false });
    return { ok: false, error: await refuse(ctx, exchange, chatErrorText('concurrent', { limit })) };
  }

  // The upstream call starts while the user message is stored (see user-message-gate.ts); nothing of the reply
  // goes out before `created`.
  const gate = openUserMessageGate(ctx, exchange, streamId);
  const running = runExchange(ctx, exchange, { streamId, gate, requestId, hold, payer, clientIp, startedAt });
  try {
    await gate.announced;
    return { ok: true, streamId };
  } catch (error) {
    // The exchange has dropped its upstream call (and settles nothing): the hold is settled here, once.
    await running;
    await hold.settle({ served: false });
    // Ends the claimed stream so it stops counting against the user's limit.
    const { text } = errorTextFor(error);
    await ctx.streams.append(streamId, { event: 'error', data: errorEvent({ text }), last: true }).catch(() => undefined);
    throw error;
  }
}
