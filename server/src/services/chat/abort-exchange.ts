import type { AbortResponse, FinalEvent } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import type { StreamFrame } from '../../streams/stream-registry.ts';
import { endDeadStream, watchForDeadStream } from './dead-stream.ts';

/** The frame that ends the reply: its `final` or `error` (a new conversation's title may follow). */
function endsReply(frame: Pick<StreamFrame, 'event' | 'data'>): boolean {
  return frame.event === 'error' || (frame.data as Partial<FinalEvent>).final === true;
}

function answerOf(frame: Pick<StreamFrame, 'event' | 'data'>): AbortResponse {
  if (frame.event !== 'message' || !(frame.data as FinalEvent).final) throw new AppError('not_found', 'The stream ended with an error.');
  const { requestMessage, responseMessage, conversation } = frame.data as FinalEvent;
  return { requestMessage, responseMessage, conversation };
}

/** How long an abort waits for the instance running the stream to save and close it. */
const ABORT_WAIT_MS = 10_000;

/**
 * Stops the user's stream (by stream id or conversation id) from any instance and answers with
 * what the stream's own final frame carries: the request, the cancelled reply and the
 * conversation. An abort after the reply finished answers the finished reply.
 */
export async function abortExchange(ctx: AppContext, userId: string, abortKey: string, waitMs = ABORT_WAIT_MS): Promise<AbortResponse> {
  const info = await ctx.streams.find(userId, abortKey);
  if (!info) throw new AppError('not_found', 'No stream to abort.');
  // The instance running it died: nothing will stop it, so it ends here with the saved reply.
  const dead = await endDeadStream(ctx, info);
  if (dead) return answerOf(dead);
  let resolveEnd!: (frame: StreamFrame) => void;
  const end = new Promise<StreamFrame>((resolve) => (resolveEnd = resolve));
  const subscription = await ctx.streams.subscribe(info.streamId, -1, (frame) => {
    if (endsReply(frame)) resolveEnd(frame);
  });
  if (!subscription) throw new AppError('not_found', 'No stream to abort.');
  let timer: NodeJS.Timeout | undefined;
  // Should its instance die while this abort waits, the stream is ended here all the same.
  const stopWatching = watchForDeadStream(ctx, info);
  try {
    await ctx.streams.requestAbort(info.streamId);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AppError('not_found', 'The stream did not stop in time.')), waitMs);
    });
    return answerOf(await Promise.race([end, timeout]));
  } finally {
    clearTimeout(timer);
    stopWatching();
    subscription.close();
  }
}
