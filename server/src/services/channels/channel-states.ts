import type { Logger } from '../../app/logger.ts';
import type { Db } from '../../db/client.ts';
import { enabledStatus, readChannelStates, writeChannelState, type ChannelStatus } from './channel-state-store.ts';
import { createSharedSnapshot, type Every } from '../shared-state/shared-snapshot.ts';

export interface ChannelStates {
  get(name: string): ChannelStatus;
  /** Stores a channel's new state and tells the other instances. */
  set(name: string, status: ChannelStatus): Promise<void>;
  /** Reads the stored states and keeps them fresh (after the migrations have run). */
  start(): Promise<void>;
  /** Re-reads the stored states now. */
  reread(): Promise<void>;
  close(): Promise<void>;
}

export interface ChannelStatesOptions {
  db: Db;
  log: Logger;
  /** Set: a change is announced on Redis and every instance re-reads at once. */
  redisUrl?: string;
  /** The Redis channel the changes are announced on (tests use their own). */
  topic?: string;
  every?: Every;
}

/**
 * Every channel's state as this instance knows it: the database's rows (the truth, shared by all
 * instances), re-read every 15 s and at once when another instance announces a change on Redis.
 * A state set here applies here at once, before the write; a failed write is logged and kept.
 */
export function createChannelStates(options: ChannelStatesOptions): ChannelStates {
  const { db, log } = options;
  const snapshot = createSharedSnapshot({
    what: 'channel states',
    initial: new Map<string, ChannelStatus>(),
    read: () => readChannelStates(db),
    log,
    redisUrl: options.redisUrl,
    topic: options.topic ?? 'parley:channels:changed',
    every: options.every,
  });

  return {
    get: (name) => snapshot.get().get(name) ?? enabledStatus,
    async set(name, status) {
      snapshot.setLocal(new Map(snapshot.get()).set(name, status));
      try {
        await writeChannelState(db, name, status);
      } catch (error) {
        log.error({ err: error, channel: name, state: status.state }, 'could not store a channel state; it holds on this instance only');
        return;
      }
      await snapshot.announce(name);
    },
    start: snapshot.start,
    reread: snapshot.reread,
    close: snapshot.close,
  };
}
