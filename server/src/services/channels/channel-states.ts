import { Redis } from 'ioredis';
import type { Logger } from '../../app/logger.ts';
import type { Db } from '../../db/client.ts';
import { enabledStatus, readChannelStates, writeChannelState, type ChannelStatus } from './channel-state-store.ts';

/** Repeats `run` every `ms` until the answered function is called; injected in tests. */
export type Every = (ms: number, run: () => void) => () => void;

export const realEvery: Every = (ms, run) => {
  const timer = setInterval(run, ms);
  timer.unref();
  return () => clearInterval(timer);
};

/** Instances without Redis pick up each other's changes from the database this often. */
const REREAD_MS = 15_000;
/** How long the start waits for the Redis subscription. */
const SUBSCRIBE_WAIT_MS = 3_000;

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
  const topic = options.topic ?? 'parley:channels:changed';
  let known = new Map<string, ChannelStatus>();
  const stops: (() => void)[] = [];
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;

  // Bumped by every local change: a read that began before one would bring back the old state.
  let changes = 0;
  async function reread() {
    const before = changes;
    try {
      const read = await readChannelStates(db);
      if (changes === before) known = read;
    } catch (error) {
      log.warn({ err: error }, 'could not read the channel states; keeping the last ones');
    }
  }

  return {
    get: (name) => known.get(name) ?? enabledStatus,
    async set(name, status) {
      changes++;
      known = new Map(known).set(name, status);
      try {
        await writeChannelState(db, name, status);
      } catch (error) {
        log.error({ err: error, channel: name, state: status.state }, 'could not store a channel state; it holds on this instance only');
        return;
      }
      // Without the announcement the others still read it within REREAD_MS.
      await publisher?.publish(topic, name).catch((error: unknown) => log.warn({ err: error, channel: name }, 'could not announce a channel state on Redis'));
    },
    async start() {
      await reread();
      stops.push((options.every ?? realEvery)(REREAD_MS, () => void reread()));
      if (!options.redisUrl) return;
      publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
      subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
      for (const redis of [publisher, subscriber]) redis.on('error', (error) => log.debug({ err: error }, 'channel state Redis connection failed'));
      subscriber.on('message', () => void reread());
      // A Redis that is down must not hold the start up: the announcements begin once it answers.
      const subscribed = subscriber.subscribe(topic).catch((error: unknown) => log.warn({ err: error }, 'could not listen for channel state changes on Redis'));
      await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref())]);
    },
    reread,
    async close() {
      for (const stop of stops.splice(0)) stop();
      await Promise.all([publisher, subscriber].map((redis) => redis?.quit().catch(() => undefined)));
    },
  };
}
