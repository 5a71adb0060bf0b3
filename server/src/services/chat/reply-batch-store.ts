import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { composedOnce, type ArrayValues } from '../../db/composed-once.ts';
import { arrayPlaceholder, bareColumns } from '../../db/unnest-insert.ts';
import { messages } from '../../db/schema.ts';
import { upsertMessage, type MessageInput } from '../messages/message-store.ts';
import type { GrowingText } from './growing-text.ts';
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

const upsertStatement = composedOnce<ArrayValues<(typeof streamed)[number][0]>>(sql`
  INSERT INTO ${messages} (${sql.raw(list)})
  SELECT ${sql.raw(selected)} FROM unnest(${sql.join(
    streamed.map(([key, type]) => arrayPlaceholder(key, type === 'bool' ? 'bool' : 'text')),
    sql`, `,
  )}) AS r(${sql.raw(list)})
  ON CONFLICT ("id") DO UPDATE SET ${sql.raw(updated)}, "updated_at" = now()
  WHERE ${messages.userId} = excluded."user_id"`);

/**
 * Inserts or overwrites many streaming replies in one statement, as `upsertMessage` does for one
 * (createdAt stays from the first write; an id owned by another user is never overwritten).
 * Each column is sent as one array parameter and unnested, so the statement has 13 parameters
 * whatever the number of replies, and costs nothing per row to compose.
 */
export async function upsertReplies(db: Db, rows: MessageInput[]): Promise<void> {
  if (rows.length === 0) return;
  const arrays = streamed.map(([key, type]) => {
    const values = rows.map((row) => row[key] ?? null);
    return [key, type === 'jsonb' ? values.map((v) => (v === null ? null : JSON.stringify(v))) : values];
  });
  await upsertStatement(db, Object.fromEntries(arrays) as ArrayValues<(typeof streamed)[number][0]>);
}

/**
 * What the database holds of a streaming reply after a write: the length of its text and
 * reasoning in JavaScript's UTF-16 units (to cut the new part off) and in characters (PostgreSQL's
 * `left` counts characters; a character outside the BMP is two units).
 */
export interface SavedReply {
  textUnits: number;
  textChars: number;
  reasoningUnits: number;
  reasoningChars: number;
}

/**
 * A streaming reply as the save ticks read it: its text and reasoning as they grow, and its
 * plugins as steps run; the rest stays as its first write had it.
 */
export type StreamingReply = Omit<MessageInput, 'text' | 'reasoning'> & { text: GrowingText; reasoning: GrowingText };

const wholeRow = (row: StreamingReply): MessageInput => ({ ...row, text: row.text.toString(), reasoning: row.reasoning.toString() || null });

const surrogatePairs = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;
const charsOf = (text: string) => text.length - (text.match(surrogatePairs)?.length ?? 0);

function savedWhole(row: MessageInput): SavedReply {
  const text = row.text ?? '';
  const reasoning = row.reasoning ?? '';
  return { textUnits: text.length, textChars: charsOf(text), reasoningUnits: reasoning.length, reasoningChars: charsOf(reasoning) };
}

interface Grown {
  row: StreamingReply;
  before: SavedReply;
  text: string;
  reasoning: string;
}

const m = bareColumns(messages);
const appendStatement = composedOnce<ArrayValues<'ids' | 'userIds' | 'textBases' | 'textTails' | 'reasoningBases' | 'reasoningTails' | 'plugins'>>(sql`
  UPDATE ${messages} SET
    ${m('text')} = left(${messages.text}, r.text_base) || r.text_tail,
    ${m('reasoning')} = nullif(left(coalesce(${messages.reasoning}, ''), r.reasoning_base) || r.reasoning_tail, ''),
    ${m('plugins')} = coalesce(r.plugins::jsonb, ${messages.plugins}), "updated_at" = now()
  FROM unnest(
    ${arrayPlaceholder('ids', 'text')}, ${arrayPlaceholder('userIds', 'text')},
    ${arrayPlaceholder('textBases', 'int')}, ${arrayPlaceholder('textTails', 'text')},
    ${arrayPlaceholder('reasoningBases', 'int')}, ${arrayPlaceholder('reasoningTails', 'text')},
    ${arrayPlaceholder('plugins', 'text')}
  ) AS r(id, user_id, text_base, text_tail, reasoning_base, reasoning_tail, plugins)
  WHERE ${messages.id} = r.id AND ${messages.userId} = r.user_id`);

/**
 * Appends to replies already written what they grew by since (`before`), in one statement: a
 * reply's text is cut back to what was written, then the new part added, so a write that
 * succeeded unseen and is sent again cannot double anything. Without it each tick sent every live
 * reply whole: 20 replies of 100 KB made megabytes of strings and buffers 7 times a second.
 * Only the text, the reasoning and the plugins travel: the rest of a streaming reply is its
 * exchange's and was written with its first write (sending it again every tick for every live
 * reply cost as much CPU as the text did).
 */
async function appendReplies(db: Db, grown: Grown[]): Promise<void> {
  if (grown.length === 0) return;
  await appendStatement(db, {
    ids: grown.map((g) => g.row.id),
    userIds: grown.map((g) => g.row.userId),
    textBases: grown.map((g) => g.before.textChars),
    textTails: grown.map((g) => g.text),
    reasoningBases: grown.map((g) => g.before.reasoningChars),
    reasoningTails: grown.map((g) => g.reasoning),
    plugins: grown.map((g) => (g.row.plugins == null ? null : JSON.stringify(g.row.plugins))),
  });
}

/**
 * Writes a tick's streaming replies: those never written (or shorter than written) whole, the
 * others by what they grew, as a streaming reply only ever grows at its end. Answers what the
 * database then holds of each.
 */
export async function saveReplies(db: Db, rows: StreamingReply[], before: (SavedReply | undefined)[]): Promise<SavedReply[]> {
  const whole: MessageInput[] = [];
  const grown: Grown[] = [];
  const after = rows.map((row, i) => {
    const saved = before[i];
    if (!saved || row.text.length < saved.textUnits || row.reasoning.length < saved.reasoningUnits) {
      const complete = wholeRow(row);
      whole.push(complete);
      return savedWhole(complete);
    }
    const tail = { text: row.text.from(saved.textUnits), reasoning: row.reasoning.from(saved.reasoningUnits) };
    grown.push({ row, before: saved, ...tail });
    return {
      textUnits: row.text.length,
      textChars: saved.textChars + charsOf(tail.text),
      reasoningUnits: row.reasoning.length,
      reasoningChars: saved.reasoningChars + charsOf(tail.reasoning),
    };
  });
  await upsertReplies(db, whole);
  await appendReplies(db, grown);
  return after;
}

/** The save batch of one database: every live reply of a process is written by it. */
export function createReplySaves(db: Db): ReplySaveBatch<StreamingReply> {
  return createReplySaveBatch<StreamingReply, SavedReply>(
    (rows, marks) => saveReplies(db, rows, marks),
    async (row) => {
      const complete = wholeRow(row);
      await upsertMessage(db, complete);
      return savedWhole(complete);
    },
  );
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** The one batch that writes every live reply of this process. */
    replySaves: ReplySaveBatch<StreamingReply>;
  }
}
