import type { Db } from '../../db/client.ts';
import { listMessageSizes, listMessagesById } from './message-store.ts';
import { presentMessage } from '../../presenters/present-message.ts';

/**
 * Characters of message text read from the database at once: a page of a long conversation, not
 * all of it. Small, since a slow or compressed reader keeps a page or two waiting per request.
 */
const PAGE_CHARS = 200_000;
/** Messages read at once, whatever their size. */
const PAGE_MESSAGES = 500;

/** The conversation's message ids in pages of at most `PAGE_CHARS` characters of text (one larger message is a page of its own). */
function pages(sizes: readonly { messageId: string; chars: number }[]): string[][] {
  const result: string[][] = [];
  let page: string[] = [];
  let chars = 0;
  for (const { messageId, chars: size } of sizes) {
    if (page.length > 0 && (chars + size > PAGE_CHARS || page.length >= PAGE_MESSAGES)) {
      result.push(page);
      page = [];
      chars = 0;
    }
    page.push(messageId);
    chars += size;
  }
  if (page.length > 0) result.push(page);
  return result;
}

/**
 * All messages of one of the user's conversations as a JSON array (the `listMessages` order,
 * each message as `presentMessage` gives it), in pieces: a page of messages is read from the
 * database only once the previous one has been taken, so a reader of a conversation of many
 * megabytes holds one page, not the whole conversation and its whole JSON text.
 * A message deleted while the array is written is left out.
 */
export async function* messagesJson(db: Db, userId: string, conversationId: string): AsyncGenerator<string> {
  const sizes = await listMessageSizes(db, userId, conversationId);
  let first = true;
  yield '[';
  for (const ids of pages(sizes)) {
    for (const row of await listMessagesById(db, userId, conversationId, ids)) {
      yield `${first ? '' : ','}${JSON.stringify(presentMessage(row))}`;
      first = false;
    }
  }
  yield ']';
}
