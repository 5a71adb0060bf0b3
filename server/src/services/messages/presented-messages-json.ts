import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages as m } from '../../db/schema.ts';

/** A timestamp as `Date.prototype.toISOString()` writes it (milliseconds, UTC, `Z`). */
const iso = (column: AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One message as `presentMessage` shapes it, as JSON text written by the database (the two are
 * checked against each other in presented-messages-json.test.ts). `plugins` (SQL or JSON null)
 * and `filesname` are left out when empty, as there: they are appended to the object's text,
 * whose last character is its closing brace. Plain `json` and text, not `jsonb`: converting
 * every row to jsonb to merge the optional keys made the list slower than decoding it in JavaScript.
 */
const presented = sql`left(json_build_object(
  'messageId', ${m.id}, 'conversationId', ${m.conversationId}, 'parentMessageId', ${m.parentMessageId},
  'sender', ${m.sender}, 'text', ${m.text}, 'reasoning', ${m.reasoning}, 'isCreatedByUser', ${m.isCreatedByUser},
  'model', ${m.model}, 'upstreamModel', ${m.upstreamModel}, 'endpoint', ${m.endpoint}, 'error', ${m.error},
  'errorText', ${m.errorText}, 'unfinished', ${m.unfinished}, 'cancelled', ${m.cancelled}, 'isEdited', ${m.isEdited},
  'finish_reason', ${m.finishReason}, 'tokenCount', ${m.tokenCount}, 'files', ${m.files},
  'createdAt', ${iso(m.createdAt)}, 'updatedAt', ${iso(m.updatedAt)}
)::text, -1)
|| case when coalesce(jsonb_typeof(${m.plugins}), 'null') = 'null' then '' else ', "plugins" : ' || ${m.plugins}::text end
|| case when jsonb_typeof(${m.files}) = 'array' and jsonb_array_length(${m.files}) > 0
     then ', "filesname" : ' || (select json_agg(f -> 'filename')::text from jsonb_array_elements(${m.files}) f)
     else '' end
|| '}'`;

/**
 * All messages of one of the user's conversations as the JSON text of `GET /api/messages`:
 * oldest first (ties by id), each as `presentMessage` shapes it. The database writes the JSON,
 * so a 2,000-message conversation is one value to read instead of 44,000 fields to decode, map
 * to dates and back, and serialise again: on PGlite, where decoding runs in JavaScript on the
 * event loop every other request waits on, that was most of the page's wait for its messages.
 */
export async function presentedMessagesJson(db: Db, userId: string, conversationId: string): Promise<string> {
  const [row] = await db
    .select({ json: sql<string>`coalesce('[' || string_agg(${presented}, ',' order by ${m.createdAt}, ${m.id}) || ']', '[]')` })
    .from(m)
    .where(and(eq(m.userId, userId), eq(m.conversationId, conversationId)));
  return row!.json;
}
