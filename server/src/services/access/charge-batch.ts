import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from '../../app/logger.ts';
import type { Db } from '../../db/client.ts';
import { composedOnce, type ArrayValues } from '../../db/composed-once.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { arrayPlaceholder } from '../../db/unnest-insert.ts';
import { usageLedger } from '../../db/schema.ts';

/** A served hold's charge: what the call cost, for the hold it settles. */
export interface Charge {
  userId: string;
  accessKeyId: string;
  model: string;
  conversationId: string | null;
  messageId: string | null;
  amount: number;
  holdId: string;
}

export interface ChargeBatch {
  /** Writes the charge's ledger row; rejects with the failure of that row alone. */
  charge(charge: Charge): Promise<void>;
}

interface Pending {
  charge: Charge;
  resolve(): void;
  reject(error: unknown): void;
}

/** One charge row: a lone charge, or each of a batch whose statement failed. */
const chargeStatement = preparedStatement((db: Db) =>
  db
    .insert(usageLedger)
    .values({
      userId: sql.placeholder('userId'),
      accessKeyId: sql.placeholder('accessKeyId'),
      model: sql.placeholder('model'),
      conversationId: sql.placeholder('conversationId'),
      messageId: sql.placeholder('messageId'),
      kind: 'charge',
      amount: sql.placeholder('amount'),
      holdId: sql.placeholder('holdId'),
    })
    .prepare('ledger_charge'),
);

const batchStatement = composedOnce<ArrayValues<'ids' | 'userIds' | 'keyIds' | 'models' | 'conversationIds' | 'messageIds' | 'amounts' | 'holdIds'>>(sql`
  INSERT INTO ${usageLedger} (id, user_id, access_key_id, kind, amount, model, conversation_id, message_id, hold_id)
  SELECT id, user_id, access_key_id, 'charge', amount, model, conversation_id, message_id, hold_id FROM unnest(
    ${arrayPlaceholder('ids', 'text')}, ${arrayPlaceholder('userIds', 'text')}, ${arrayPlaceholder('keyIds', 'text')}, ${arrayPlaceholder('amounts', 'bigint')},
    ${arrayPlaceholder('models', 'text')}, ${arrayPlaceholder('conversationIds', 'text')}, ${arrayPlaceholder('messageIds', 'text')}, ${arrayPlaceholder('holdIds', 'text')}
  ) AS c(id, user_id, access_key_id, amount, model, conversation_id, message_id, hold_id)`);

function insertBatch(db: Db, charges: readonly Charge[]) {
  return batchStatement(db, {
    ids: charges.map(() => randomUUID()),
    userIds: charges.map((c) => c.userId),
    keyIds: charges.map((c) => c.accessKeyId),
    amounts: charges.map((c) => c.amount),
    models: charges.map((c) => c.model),
    conversationIds: charges.map((c) => c.conversationId),
    messageIds: charges.map((c) => c.messageId),
    holdIds: charges.map((c) => c.holdId),
  });
}

/**
 * The charge rows of served key calls, written without making calls wait on each other: one
 * statement at a time, and every charge that comes while it runs goes into the next. A charge
 * was one statement per call, a quarter of a one-chunk `/v1` call's CPU. A batch that fails (a
 * key or user deleted meanwhile takes its rows' references with it) is logged and written row by
 * row, so only the failing row's charge fails.
 */
export function createChargeBatch(db: Db, log: Logger): ChargeBatch {
  let queued: Pending[] = [];
  let running = false;
  const writeOne = (p: Pending) => chargeStatement(db).execute({ ...p.charge }).then(() => p.resolve(), p.reject);

  const drain = async (): Promise<void> => {
    const batch = queued;
    queued = [];
    if (batch.length === 0) {
      running = false;
      return;
    }
    if (batch.length === 1) await writeOne(batch[0]!);
    else {
      const failure = await insertBatch(db, batch.map((p) => p.charge)).then(
        () => undefined,
        (error: unknown) => error ?? new Error('the charge batch failed'),
      );
      if (!failure) for (const p of batch) p.resolve();
      else {
        log.warn({ err: failure, charges: batch.length }, 'a batch of charges failed; writing them one by one');
        await Promise.all(batch.map(writeOne));
      }
    }
    return drain();
  };

  return {
    charge(charge) {
      return new Promise((resolve, reject) => {
        queued.push({ charge, resolve, reject });
        if (running) return;
        running = true;
        void drain();
      });
    },
  };
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** Charge rows of served key calls, batched so concurrent calls share a statement. */
    charges: ChargeBatch;
  }
}
