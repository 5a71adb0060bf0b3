import { chatErrorText, errorEvent, type ErrorEvent, type FinalEvent } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import type { StreamInfo } from '../../streams/stream-registry.ts';
import { findConversation } from '../conversations/conversation-store.ts';
import { presentConversation } from '../../presenters/present-conversation.ts';
import { findMessage } from '../messages/message-store.ts';
import { presentMessage } from '../../presenters/present-message.ts';

/** How often a resumed stream checks that its instance still runs it. */
const DEAD_STREAM_CHECK_MS = 1000;

type LastFrame = { event: 'message'; data: FinalEvent } | { event: 'error'; data: ErrorEvent };

/**
 * The end of a stream whose instance died: a final with the reply as it was last saved (still
 * `unfinished`), or an error when nothing of it was saved. The stored rows are left as they are.
 */
async function lastFrameOf(ctx: AppContext, info: StreamInfo): Promise<LastFrame> {
  const reply = info.replyId ? await findMessage(ctx.db, info.userId, info.replyId) : undefined;
  const request = reply ? await findMessage(ctx.db, info.userId, reply.parentMessageId) : undefined;
  const conversation = await findConversation(ctx.db, info.userId, info.conversationId);
  if (!reply || !request || !conversation) {
    return { event: 'error', data: errorEvent({ text: chatErrorText('internal', { message: 'The server running this reply stopped.' }) }) };
  }
  const data: FinalEvent = {
    final: true,
    conversation: presentConversation(conversation),
    requestMessage: presentMessage(request),
    responseMessage: presentMessage(reply),
  };
  return { event: 'message', data };
}

/**
 * Ends, from this instance, a live stream whose instance died (its heartbeat expired): its
 * listeners everywhere get the last frame and its live slot is freed. Answers that frame, or
 * null when the stream is still running or already ended.
 */
export async function endDeadStream(ctx: AppContext, info: StreamInfo): Promise<LastFrame | null> {
  if (await ctx.streams.isRunning(info.streamId)) return null;
  const frame = await lastFrameOf(ctx, info);
  return (await ctx.streams.endDead(info.streamId, frame)) === null ? null : frame;
}

/** While a client follows a stream run elsewhere, ends it once its instance is found dead. Returns the stop. */
export function watchForDeadStream(ctx: AppContext, info: StreamInfo, everyMs = DEAD_STREAM_CHECK_MS): () => void {
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    endDeadStream(ctx, info)
      .catch((error: unknown) => ctx.log.warn({ err: error, streamId: info.streamId }, 'ending a dead stream failed'))
      .finally(() => (checking = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
