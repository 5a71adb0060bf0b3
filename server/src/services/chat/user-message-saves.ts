import type { Db } from '../../db/client.ts';
import type { MessageRow } from '../../presenters/present-message.ts';
import { isStored, type Exchange } from './prepare-exchange.ts';
import { insertUserMessages, markNewFilesUsed, saveRequest } from './save-request.ts';

interface Waiting {
  exchange: Exchange;
  resolve(row: MessageRow): void;
  reject(error: unknown): void;
}

export interface UserMessageSaves {
  /** Stores an exchange's new user message (and a first message's conversation); a stored one is answered as it is. */
  save(exchange: Exchange): Promise<MessageRow>;
}

/**
 * Stores the user messages of the exchanges that start in one turn of the event loop in one
 * statement (`insertUserMessages`). A burst of 500 first messages was 500 statements and commits
 * queued for the pool's 20 connections: on PostgreSQL after a 500-stream warm-up their inserts
 * waited p50 242 ms, and every chunk of the replies already under way waited with them. A lone
 * message keeps its own prepared statement; a batch that fails is saved message by message, each
 * with its own failure (a taken id). The write waits for that turn anyway, so the exchange's
 * upstream request goes out first (PGlite runs in this thread).
 */
export function createUserMessageSaves(db: Db): UserMessageSaves {
  let waiting: Waiting[] = [];
  const saveOne = (w: Waiting) => saveRequest(db, w.exchange).then(w.resolve, w.reject);

  async function saveBatch(batch: Waiting[]) {
    let saved: MessageRow[];
    try {
      saved = await insertUserMessages(db, batch.map((w) => w.exchange));
    } catch {
      await Promise.all(batch.map(saveOne));
      return;
    }
    await Promise.all(batch.map((w, i) => markNewFilesUsed(db, w.exchange).then(() => w.resolve(saved[i]!), w.reject)));
  }

  const flush = () => {
    const batch = waiting;
    waiting = [];
    void (batch.length === 1 ? saveOne(batch[0]!) : saveBatch(batch));
  };

  return {
    save(exchange) {
      if (isStored(exchange.userMessage)) return Promise.resolve(exchange.userMessage);
      return new Promise((resolve, reject) => {
        waiting.push({ exchange, resolve, reject });
        if (waiting.length === 1) setImmediate(flush);
      });
    },
  };
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** Stores the user messages of the exchanges starting together in one statement. */
    userMessageSaves: UserMessageSaves;
  }
}
