import { messageSchema, pluginInfoSchema } from '@parley/core';
import { z } from 'zod';

/**
 * The reply streaming in a conversation, kept in sessionStorage so a reload can follow it:
 * its stream, the reply as drawn, and what had arrived when the page went away (`after` is the
 * last frame id that `text`, `reasoning` and the agent's steps `plugins` include; -1 with nothing yet).
 */
const liveStreamSchema = z.object({
  streamId: z.string(),
  endpoint: z.string(),
  placeholder: messageSchema,
  after: z.number().int(),
  text: z.string(),
  reasoning: z.string(),
  plugins: z.array(pluginInfoSchema).default([]),
});
export type LiveStream = z.infer<typeof liveStreamSchema>;

const keyOf = (conversationId: string) => `parley.liveStream.${conversationId}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be switched off; a reload then simply shows the saved messages.
    return null;
  }
}

export const liveStreams = {
  remember(conversationId: string, stream: LiveStream) {
    try {
      storage()?.setItem(keyOf(conversationId), JSON.stringify(stream));
    } catch {
      // Full storage: the reply still finishes on the server, a reload shows what was saved.
    }
  },
  forget(conversationId: string) {
    storage()?.removeItem(keyOf(conversationId));
  },
  of(conversationId: string): LiveStream | null {
    const raw = storage()?.getItem(keyOf(conversationId));
    if (!raw) return null;
    try {
      const parsed = liveStreamSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
};

