import type { ChatTurn } from '../../providers/types.ts';
import type { MessageRow } from '../messages/present-message.ts';

/**
 * Turns a branch (root first) into the dialogue sent upstream; the provider adds the system
 * prompt from the endpoint options. Error replies are records for the user, not part of the
 * dialogue, so they are left out.
 */
export function buildTurns(branch: readonly MessageRow[]): ChatTurn[] {
  return branch
    .filter((message) => !message.error)
    .map((message) => ({ role: message.isCreatedByUser ? 'user' : 'assistant', content: message.text }));
}
