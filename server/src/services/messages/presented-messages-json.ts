import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages as m } from '../../db/schema.ts';

/** A timestamp as `Date.prototype.toISOString()` writes it (milliseconds, UTC, `Z`). */
const iso = (column: AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One message as `presentMessage` shapes it, built by the database (see there for the fields;
 * the two are checked against each other in presented-messages-json.test.ts). `plugins` (SQL or
 * JSON null) and `filesname` are left out when empty, as there.
 */
const presented = sql`json_build_object(
  'messageId', ${m.id}, 'conversationId', ${m.conversationId}, 'parentMessageId', ${m.parentMessageId},
  'sender', ${m.sender}, 'text', ${m.text}, 'reasoning', ${m.reasoning}, 'isCreatedByUser', ${m.isCreatedByUser},
  'model', ${m.model}, 'upstreamModel', ${m.upstreamModel}, 'endpoint', ${m.endpoint}, 'error', ${m.error},
  'errorText', ${m.errorText}, 'unfinished', ${m.unfinished}, 'cancelled', ${m.cancelled}, 'isEdited', ${m.isEdited},
  'finish_reason', ${m.finishReason}, 'tokenCount', ${m.tokenCount}, 'files', ${m.files},
  'createdAt', ${iso(m.createdAt)}, 'updatedAt', ${iso(m.updatedAt)}
)::jsonb
|| case when coalesce(jsonb_typeof(${m.plugins}), 'null') = 'null' then '{}'::jsonb else jsonb_build_object('plugins', ${m.plugins}) end
|| case when jsonb_typeof(${m.files}) = 'array' and jsonb_array_length(${m.files}) > 0
     then jsonb_build_object('filesname', (select jsonb_agg(f -> 'filename') from jsonb_array_elements(${m.files}) f))
     else '{}'::jsonb end`;

/**
 * All messages of one of the user's conversations as the JSON text of `GET /api/messages`:
 * oldest first (ties by id), each as `presentMessage` shapes it. The database writes the JSON,
 * so a 2,000-message conversation is one value to read instead of 40,000 fields to decode,
 * map and serialise again.
 */
export async function presentedMessagesJson(db: Db, userId: string, conversationId: string): Promise<string> {
  const [row] = await db
    .select({ json: sql<string>`coalesce(json_agg(${presented} order by ${m.createdAt}, ${m.id}), '[]')::text` })
    .from(m)
    .where(and(eq(m.userId, userId), eq(m.conversationId, conversationId)));
  return row!.json;
}
