import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema.ts';
import { upsertMessage, type MessageInput } from '../messages/message-store.ts';
import { createReplySaveBatch, type ReplySaveBatch } from './reply-saver.ts';

const columns = getTableColumns(messages);
const keptOnConflict = new Set<string>(['id', 'userId', 'conversationId', 'createdAt']);

/**
 * Inserts or overwrites many streaming replies in one statement, as `upsertMessage` does for one:
 * the row's own fields win, `createdAt` stays from the first write, and an id owned by another
 * user is never overwritten.
 */
export async function upsertReplies(db: Db, rows: MessageInput[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const set: Record<string, SQL> = { updatedAt: sql`now()` };
  for (const key of Object.keys(first)) {
    const column = columns[key as keyof typeof columns];
    if (column && !keptOnConflict.has(key)) set[key] = sql.raw(`excluded."${column.name}"`);
  }
  await db
    .insert(messages)
    .values(rows)
    .onConflictDoUpdate({ target: messages.id, set, setWhere: sql`${messages.userId} = excluded."user_id"` });
}

const batches = new WeakMap<Db, ReplySaveBatch<MessageInput>>();

/** The one save batch of this database: every live reply of this process is written by it. */
export function replySaveBatch(db: Db): ReplySaveBatch<MessageInput> {
  let batch = batches.get(db);
  if (!batch) {
    batch = createReplySaveBatch<MessageInput>(
      (rows) => upsertReplies(db, rows),
      (row) => upsertMessage(db, row),
    );
    batches.set(db, batch);
  }
  return batch;
}
