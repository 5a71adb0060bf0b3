import { resolveModel, type EndpointName } from '@parley/core';
import type { Env } from '../../config/env.ts';
import { endpointSettings } from '../endpoints/endpoint-settings.ts';
import type { MessageSize } from '../messages/message-store.ts';

/** Characters a token is reckoned at, as for documents: about right for English and code, generous for most scripts. */
const CHARS_PER_TOKEN = 3;
/** For a model the catalog does not know (a live-listed or operator-set id): a 128K-token model's share. */
const UNKNOWN_MODEL_HISTORY_CHARS = 128_000 * CHARS_PER_TOKEN;
/**
 * Never more than this, whatever the model takes (as documents never pass 500,000 characters):
 * every ask holds its window a few times over while it is sent, and one user may have many asks
 * in flight, so a 1M-token model's whole input (2.7 MB) per ask would let one user take gigabytes.
 */
const MAX_HISTORY_CHARS = 500_000;

/**
 * Characters of dialogue one request may carry: the model's input (its context window less the
 * longest reply it may write), at ~3 characters a token, up to `MAX_HISTORY_CHARS`. A conversation
 * longer than the model takes would be refused upstream anyway, so only its newest turns are read and sent.
 */
export function historyBudget(env: Env, endpoint: EndpointName, model: string): number {
  const { info } = resolveModel(endpoint, model, endpointSettings(env, endpoint).aliases);
  if (!info) return UNKNOWN_MODEL_HISTORY_CHARS;
  return Math.min(MAX_HISTORY_CHARS, Math.max(0, info.contextWindow - info.maxOutput) * CHARS_PER_TOKEN);
}

/**
 * The newest messages of a branch (root first) whose text fits `budget` characters, oldest first:
 * error replies are left out (they are records for the user, not dialogue), and older messages
 * are taken back one by one until the next would not fit. A window that had to cut opens with a
 * user message, never with a reply to a question no longer there.
 */
export function historyWindow<T extends MessageSize>(branch: readonly T[], budget: number): T[] {
  const dialogue = branch.filter((message) => !message.error);
  let left = budget;
  let from = dialogue.length;
  while (from > 0 && dialogue[from - 1]!.chars <= left) {
    from--;
    left -= dialogue[from]!.chars;
  }
  if (from > 0) while (from < dialogue.length && !dialogue[from]!.isCreatedByUser) from++;
  return dialogue.slice(from);
}
