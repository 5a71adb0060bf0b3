import type { MessageFile } from '@parley/core';
import type { ChatTurn } from '../../providers/types.ts';
import type { MessageRow } from '../../presenters/present-message.ts';

/**
 * Turns a branch (root first) into the dialogue sent upstream; the provider adds the system
 * prompt from the endpoint options. Error replies are records for the user, not part of the
 * dialogue, so they are left out.
 */
export function buildTurns(branch: readonly MessageRow[]): ChatTurn[] {
  return branch
    .filter((message) => !message.error)
    .map((message): ChatTurn => {
      const turn: ChatTurn = { role: message.isCreatedByUser ? 'user' : 'assistant', content: message.text };
      // A user message's uploads go with it on every later turn; a reply's files are pictures it drew.
      if (message.isCreatedByUser && Array.isArray(message.files) && message.files.length > 0) turn.files = message.files as MessageFile[];
      if (message.upstreamConversationId && message.upstreamMessageId) {
        turn.upstreamThread = { conversationId: message.upstreamConversationId, messageId: message.upstreamMessageId };
      }
      return turn;
    });
}
