import { resolveModel, type EndpointName } from '@parley/core';
import type { Env } from '../../config/env.ts';
import { endpointSettings } from '../endpoints/endpoint-settings.ts';
import type { MessageSize } from '../messages/message-store.ts';

/** Characters a token is reckoned at, as for documents: about right for English and code, generous for most scripts. */
const CHARS_PER_TOKEN = 3;
/** For a model the catalog does not know (a live-listed or operator-set id): a 128K-token model's share. */
const UNKNOWN_MODEL_HISTORY_CHARS = 128_000 * CHARS_PER_TOKEN;

/**
 * Characters of dialogue one request may carry: the model's input (its context window less the
 * longest reply it may write), at ~3 characters a token. A conversation longer than that would be
 * refused upstream anyway, so only its newest turns are read and sent.
 */
export function historyBudget(env: Env, endpoint: EndpointName, model: string): number {
  const { info } = resolveModel(endpoint, model, endpointSettings(env, endpoint).aliases);
  if (!info) return UNKNOWN_MODEL_HISTORY_CHARS;
  return Math.max(0, info.contextWindow - info.maxOutput) * CHARS_PER_TOKEN;
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
