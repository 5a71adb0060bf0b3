import { placeholderResponseId } from '@parley/core';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema.ts';
import { AppError } from '../../app/errors.ts';
import { isUniqueViolation } from '../users/unique-violation.ts';

const messageIdTaken = () => new AppError('message_id_taken');

/**
 * A client may choose the id of its new message; that id and the reply placeholder it implies
 * (`<id>_`) must not exist anywhere: another user's message, or one in another conversation,
 * would otherwise be overwritten by the saves (or fail them with a 500). Checked across all
 * users on purpose: ids are global keys. The insert itself is the last word (see `takenOnInsert`).
 */
export async function assertMessageIdFree(db: Db, id: string): Promise<void> {
  const [found] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(inArray(messages.id, [id, placeholderResponseId(id)]))
    .limit(1);
  if (found) throw messageIdTaken();
}

/** A new message whose id was taken between the check and the insert is refused the same way. */
export function takenOnInsert(error: unknown): never {
  throw isUniqueViolation(error) ? messageIdTaken() : error;
}
