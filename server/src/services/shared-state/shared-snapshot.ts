import { Redis } from 'ioredis';
import type { Logger } from '../../app/logger.ts';

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

/** A value read from the database that every instance keeps in memory and re-reads when one announces a change. */
export interface SharedSnapshot<T> {
  get(): T;
  /** Applies a change here at once, before it is stored (a read begun before it cannot bring the old value back). */
  setLocal(value: T): void;
  /** Tells the other instances (on Redis) to re-read. */
  announce(message: string): Promise<void>;
  /** Reads the value and keeps it fresh (after the migrations have run). */
  start(): Promise<void>;
  /** Re-reads the value now. */
  reread(): Promise<void>;
  close(): Promise<void>;
}

export interface SharedSnapshotOptions<T> {
  /** What the value is, for the logs (`channel states`, `business settings`). */
  what: string;
  initial: T;
  read(): Promise<T>;
  log: Logger;
  /** Set: a change is announced on Redis and every instance re-reads at once. */
  redisUrl?: string;
  /** The Redis channel the changes are announced on (tests use their own). */
  topic: string;
  every?: Every;
}

/**
 * The database's value (the truth, shared by all instances) as this instance knows it: re-read
 * every 15 s, and at once when another instance announces a change on Redis. A failed read is
 * logged and the last value kept.
 */
export function createSharedSnapshot<T>(options: SharedSnapshotOptions<T>): SharedSnapshot<T> {
  const { log, what, topic } = options;
  let known = options.initial;
  const stops: (() => void)[] = [];
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;

  // Bumped by every local change: a read that began before one would bring back the old value.
  let changes = 0;
  async function reread() {
    const before = changes;
    try {
      const read = await options.read();
      if (changes === before) known = read;
    } catch (error) {
      log.warn({ err: error }, `could not read the ${what}; keeping the last ones`);
    }
  }

  return {
    get: () => known,
    setLocal(value) {
      changes++;
      known = value;
    },
    async announce(message) {
      // Without the announcement the others still read it within REREAD_MS.
      await publisher?.publish(topic, message).catch((error: unknown) => log.warn({ err: error, message }, `could not announce a change of the ${what} on Redis`));
    },
    async start() {
      await reread();
      stops.push((options.every ?? realEvery)(REREAD_MS, () => void reread()));
      if (!options.redisUrl) return;
      publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
      subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
      for (const redis of [publisher, subscriber]) redis.on('error', (error) => log.debug({ err: error }, `${what} Redis connection failed`));
      subscriber.on('message', () => void reread());
      // A Redis that is down must not hold the start up: the announcements begin once it answers.
      const subscribed = subscriber.subscribe(topic).catch((error: unknown) => log.warn({ err: error }, `could not listen for changes of the ${what} on Redis`));
      await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref())]);
    },
    reread,
    async close() {
      for (const stop of stops.splice(0)) stop();
      await Promise.all([publisher, subscriber].map((redis) => redis?.quit().catch(() => undefined)));
    },
  };
}
