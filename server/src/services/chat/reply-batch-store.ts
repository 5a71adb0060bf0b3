import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema.ts';
import { upsertMessage, type MessageInput } from '../messages/message-store.ts';
import { createReplySaveBatch, type ReplySaveBatch } from './reply-saver.ts';

/** What a streaming reply's save writes, with the array type each column travels in. */
const streamed = [
  ['id', 'text'],
  ['conversationId', 'text'],
  ['userId', 'text'],
  ['parentMessageId', 'text'],
  ['sender', 'text'],
  ['text', 'text'],
  ['reasoning', 'text'],
  ['plugins', 'jsonb'],
  ['isCreatedByUser', 'bool'],
  ['model', 'text'],
  ['endpoint', 'text'],
  ['isEdited', 'bool'],
  ['unfinished', 'bool'],
] as const satisfies readonly (readonly [keyof MessageInput, string])[];

const names = streamed.map(([key]) => messages[key].name);
const list = names.map((n) => `"${n}"`).join(', ');
// jsonb travels as text (a JSON text per row) so both drivers send plain arrays.
const selected = streamed.map(([key, type]) => `"${messages[key].name}"${type === 'jsonb' ? '::jsonb' : ''}`).join(', ');
const updated = names
  .filter((n) => !['id', 'user_id', 'conversation_id'].includes(n))
  .map((n) => `"${n}" = excluded."${n}"`)
  .join(', ');

/**
 * Inserts or overwrites many streaming replies in one statement, as `upsertMessage` does for one
 * (createdAt stays from the first write; an id owned by another user is never overwritten).
 * Each column is sent as one array parameter and unnested, so the statement has 13 parameters
 * whatever the number of replies, and building it costs nothing per row.
 */
export async function upsertReplies(db: Db, rows: MessageInput[]): Promise<void> {
  if (rows.length === 0) return;
  const arrays = streamed.map(([key, type]) => {
    const values = rows.map((row) => row[key] ?? null);
    const param = type === 'jsonb' ? values.map((v) => (v === null ? null : JSON.stringify(v))) : values;
    return sql`${sql.param(param)}::${sql.raw(type === 'bool' ? 'bool' : 'text')}[]`;
  });
  await db.execute(sql`
    INSERT INTO ${messages} (${sql.raw(list)})
    SELECT ${sql.raw(selected)} FROM unnest(${sql.join(arrays, sql`, `)}) AS r(${sql.raw(list)})
    ON CONFLICT ("id") DO UPDATE SET ${sql.raw(updated)}, "updated_at" = now()
    WHERE ${messages.userId} = excluded."user_id"`);
}

/** The save batch of one database: every live reply of a process is written by it. */
export function createReplySaves(db: Db): ReplySaveBatch<MessageInput> {
  return createReplySaveBatch<MessageInput>(
    (rows) => upsertReplies(db, rows),
    (row) => upsertMessage(db, row),
  );
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** The one batch that writes every live reply of this process. */
    replySaves: ReplySaveBatch<MessageInput>;
  }
}
