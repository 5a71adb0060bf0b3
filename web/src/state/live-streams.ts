import { messageSchema } from '@parley/core';
import { z } from 'zod';

/**
 * The reply streaming in a conversation, kept in sessionStorage so a reload can follow it: its
 * stream, and the reply as that stream starts from it (`placeholder`: empty, or a continued
 * reply's text, reasoning and steps). What arrived is not copied here: the stream replays it.
 */
const liveStreamSchema = z.object({
  streamId: z.string(),
  endpoint: z.string(),
  placeholder: messageSchema,
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

