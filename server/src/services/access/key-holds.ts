import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { composedOnce, type ArrayValues } from '../../db/composed-once.ts';
import { arrayPlaceholder } from '../../db/unnest-insert.ts';
import { accessKeys, usageLedger } from '../../db/schema.ts';

/** The ledger fields of one hold besides its amount. */
export interface HoldEntry {
  userId: string;
  accessKeyId: string;
  model: string;
  conversationId?: string;
  messageId?: string;
}

/** A hold's answer: its ledger row, or why the key could not pay (revoked or expired; not enough quota left). */
type KeyHoldAnswer = { ok: true; holdId: string } | { ok: false; reason: 'key_expired' } | { ok: false; reason: 'quota'; remaining: number };

interface Pending {
  id: string;
  cost: number;
  entry: HoldEntry;
  resolve(answer: KeyHoldAnswer): void;
  reject(error: unknown): void;
}

export interface KeyHolds {
  /** Takes `cost` from the key's quota if that much is left, with a `hold` ledger row; atomic, exactly once. */
  hold(cost: number, entry: HoldEntry): Promise<KeyHoldAnswer>;
}

interface BatchRow extends Record<string, unknown> {
  quota: string | number | null;
  held: string[] | null;
}

const holdStatement = composedOnce<ArrayValues<'ids' | 'costs' | 'userIds' | 'models' | 'conversationIds' | 'messageIds'> & { keyId: string }, BatchRow>(sql`
  WITH wanted AS (
    SELECT * FROM unnest(
      ${arrayPlaceholder('ids', 'text')}, ${arrayPlaceholder('costs', 'bigint')}, ${arrayPlaceholder('userIds', 'text')},
      ${arrayPlaceholder('models', 'text')}, ${arrayPlaceholder('conversationIds', 'text')}, ${arrayPlaceholder('messageIds', 'text')}
    ) WITH ORDINALITY AS w(id, cost, user_id, model, conversation_id, message_id, n)
  ),
  usable AS (
    SELECT ${accessKeys.quota} AS quota FROM ${accessKeys}
    WHERE ${accessKeys.id} = ${sql.placeholder('keyId')} AND ${accessKeys.status} = 'active' AND (${accessKeys.expiresAt} IS NULL OR ${accessKeys.expiresAt} > now())
    FOR UPDATE
  ),
  granted AS (
    SELECT wanted.* FROM (SELECT wanted.*, sum(cost) OVER (ORDER BY n) AS running FROM wanted) wanted, usable WHERE running <= usable.quota
  ),
  taken AS (
    UPDATE ${accessKeys}
    SET quota = ${accessKeys.quota} - (SELECT sum(cost) FROM granted), used = ${accessKeys.used} + (SELECT sum(cost) FROM granted), updated_at = now()
    WHERE ${accessKeys.id} = ${sql.placeholder('keyId')} AND EXISTS (SELECT 1 FROM granted)
    RETURNING ${accessKeys.quota}
  ),
  held AS (
    INSERT INTO ${usageLedger} (id, user_id, access_key_id, kind, amount, model, conversation_id, message_id)
    SELECT id, user_id, ${sql.placeholder('keyId')}, 'hold', cost, model, conversation_id, message_id FROM granted WHERE EXISTS (SELECT 1 FROM taken)
    RETURNING id
  )
  SELECT (SELECT quota FROM usable) AS quota, (SELECT array_agg(id) FROM held) AS held`);

/**
 * One statement holds a batch of calls on one key: the key row is read and locked (`FOR UPDATE`),
 * the calls are granted in order while their running sum fits the quota, the quota is taken for
 * those granted, and their ledger rows are written, only if the quota was taken. The row lock
 * lasts for the statement alone: no round trip of the client happens while it is held.
 */
async function holdBatch(db: Db, keyId: string, batch: readonly Pending[]): Promise<BatchRow> {
  const [row] = await holdStatement(db, {
    keyId,
    ids: batch.map((p) => p.id),
    costs: batch.map((p) => p.cost),
    userIds: batch.map((p) => p.entry.userId),
    models: batch.map((p) => p.entry.model),
    conversationIds: batch.map((p) => p.entry.conversationId ?? null),
    messageIds: batch.map((p) => p.entry.messageId ?? null),
  });
  return row ?? { quota: null, held: null };
}

/**
 * Holds on access keys without making them wait on each other: every hold of one key that comes
 * while a statement for that key is under way goes into its next statement. Five hundred
 * concurrent calls on one key took each its own transaction holding the key row's lock over
 * three round trips, one after another (5 s before the last one's first token); now they are
 * two or three statements.
 */
export function createKeyHolds(db: Db): KeyHolds {
  const queued = new Map<string, Pending[]>();
  const running = new Set<string>();

  const drain = async (keyId: string): Promise<void> => {
    const batch = queued.get(keyId);
    if (!batch || batch.length === 0) {
      queued.delete(keyId);
      running.delete(keyId);
      return;
    }
    queued.set(keyId, []);
    try {
      const { quota, held } = await holdBatch(db, keyId, batch);
      const granted = new Set(held ?? []);
      let remaining = quota === null ? 0 : Number(quota);
      for (const pending of batch) {
        if (granted.has(pending.id)) {
          remaining -= pending.cost;
          pending.resolve({ ok: true, holdId: pending.id });
        } else {
          pending.resolve(quota === null ? { ok: false, reason: 'key_expired' } : { ok: false, reason: 'quota', remaining: Math.max(0, remaining) });
        }
      }
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
    return drain(keyId);
  };

  return {
    hold(cost, entry) {
      return new Promise<KeyHoldAnswer>((resolve, reject) => {
        const keyId = entry.accessKeyId;
        const list = queued.get(keyId) ?? [];
        list.push({ id: randomUUID(), cost, entry, resolve, reject });
        queued.set(keyId, list);
        if (running.has(keyId)) return;
        running.add(keyId);
        void drain(keyId);
      });
    },
  };
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** Quota holds on access keys, batched per key so concurrent calls of one key never queue on its row. */
    keyHolds: KeyHolds;
  }
}
