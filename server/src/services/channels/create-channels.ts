import type { ChannelStateName, ChannelType, EndpointName } from '@parley/core';
import { pluginsAccount } from '../endpoints/endpoint-settings.ts';
import type { Logger } from '../../app/logger.ts';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { ServiceAccountTokens } from '../../providers/google/service-account.ts';
import { namesServed, type Channel } from './channel.ts';
import type { ChannelFailure } from './channel-failure.ts';
import type { ChannelQuery } from './channel-models.ts';
import { createChannelRouter, type ChannelRouter, type ChannelRunOptions, type ChannelTarget } from './channel-router.ts';
import { callOnChannels, type ChannelCallAttempt } from './channel-call.ts';
import { createChannelStates } from './channel-states.ts';
import { realEvery, type Every } from '../shared-state/shared-snapshot.ts';
import { testChannel, type ChannelTestResult } from './channel-tester.ts';
import { loadChannels } from './load-channels.ts';

/** A channel as the operator's commands show it: never its keys, only how many. */
export interface ChannelView {
  name: string;
  type: ChannelType;
  source: Channel['source'];
  state: ChannelStateName;
  reason: string | null;
  /** When a 429's cooldown ends; null when it is not cooling down. */
  cooldownUntil: Date | null;
  priority: number;
  weight: number;
  keys: number;
  /** Empty for an `*_API_KEY` channel: it serves its endpoint's models. */
  models: string[];
  baseURL?: string;
}

/** The upstream accounts every chat and API call goes through (`ctx.channels`). */
export interface Channels {
  list(): ChannelView[];
  /** Whether any channel, usable or not, speaks the endpoint's API (gptPlugins: its account's): the endpoint is then the server's. */
  servesEndpoint(endpoint: EndpointName): boolean;
  /** The model names CHANNELS_FILE's channels of the endpoint's API serve, for its model list. */
  modelsFor(endpoint: EndpointName): string[];
  /** One target for a call that cannot fail over (an agent's side calls); undefined when none is usable. */
  pick(query: ChannelQuery): ChannelTarget | undefined;
  /** Streams a call through the channels with failover before the first output byte. */
  run: ChannelRouter['run'];
  /** The same for a call that hands its output on through a callback and resolves when done (the API's upstream calls). */
  call<T>(query: ChannelQuery, attempt: ChannelCallAttempt<T>, options: Omit<ChannelRunOptions<unknown>, 'isOutput'>): Promise<T>;
  /** `channel:enable` / `channel:disable`: the operator's state, which clears a reason and a cooldown. */
  setState(name: string, state: 'enabled' | 'disabled'): Promise<ChannelView>;
  /** `channel:test`: calls each key; an auto-disabled channel that passes is enabled again. */
  test(name: string): Promise<ChannelTestResult>;
  /** One round of the schedule: every auto-disabled channel is tested, those that pass are enabled. */
  retest(): Promise<void>;
  /** Reads the stored states and starts the schedules; call once the migrations have run. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface ChannelsOptions {
  env: Env;
  db: Db;
  log: Logger;
  serviceAccountTokens: ServiceAccountTokens;
  /** The configuration's channels; read from CHANNELS_FILE and the `*_API_KEY` variables when absent. */
  channels?: Channel[];
  now?: () => number;
  every?: Every;
  /** The Redis channel state changes are announced on (tests use their own). */
  redisTopic?: string;
}

export class UnknownChannelError extends Error {}

export function createChannels(options: ChannelsOptions): Channels {
  const { env, log } = options;
  const now = options.now ?? Date.now;
  const every = options.every ?? realEvery;
  const channels = options.channels ?? loadChannels(env);
  const states = createChannelStates({ db: options.db, log, redisUrl: env.REDIS_URL, topic: options.redisTopic, every });
  const stops: (() => void)[] = [];

  const named = (name: string): Channel => {
    const channel = channels.find((c) => c.name.toLowerCase() === name.toLowerCase());
    if (!channel) throw new UnknownChannelError(`No channel is named "${name}"; channel:list names them`);
    return channel;
  };
  const view = (channel: Channel): ChannelView => {
    const status = states.get(channel.name);
    const cooling = status.cooldownUntil !== null && status.cooldownUntil > now();
    return {
      name: channel.name,
      type: channel.type,
      source: channel.source,
      state: status.state,
      reason: status.reason,
      cooldownUntil: cooling ? new Date(status.cooldownUntil!) : null,
      priority: channel.priority,
      weight: channel.weight,
      keys: channel.keys.length,
      models: namesServed(channel),
      baseURL: channel.baseURL,
    };
  };

  async function onFailure(channel: Channel, keyIndex: number, failure: ChannelFailure) {
    const status = states.get(channel.name);
    if (failure.kind === 'refused' && status.state === 'enabled') {
      const reason = `key ${keyIndex + 1} of ${channel.keys.length} refused: ${failure.reason}`;
      log.warn({ channel: channel.name, reason }, 'channel auto-disabled');
      await states.set(channel.name, { state: 'auto-disabled', reason, cooldownUntil: null });
    } else if (failure.kind === 'busy' && failure.cooldownMs !== undefined) {
      log.info({ channel: channel.name, cooldownMs: failure.cooldownMs }, 'channel cooling down as its retry-after asks');
      await states.set(channel.name, { ...status, cooldownUntil: now() + failure.cooldownMs });
    }
  }

  const router = createChannelRouter({
    env,
    channels,
    states,
    log,
    retries: env.CHANNEL_RETRIES,
    firstByteTimeoutMs: env.CHANNEL_FIRST_BYTE_TIMEOUT_MS,
    onFailure,
    now,
  });

  async function test(name: string): Promise<ChannelTestResult> {
    const channel = named(name);
    const result = await testChannel(env, channel, options.serviceAccountTokens);
    if (states.get(channel.name).state === 'auto-disabled') {
      if (result.ok) {
        log.info({ channel: channel.name }, 'auto-disabled channel answered its test; enabled again');
        await states.set(channel.name, { state: 'enabled', reason: null, cooldownUntil: null });
      } else log.info({ channel: channel.name, keys: result.keys }, 'auto-disabled channel still fails its test');
    }
    return result;
  }

  async function retest() {
    for (const channel of channels) {
      if (states.get(channel.name).state !== 'auto-disabled') continue;
      await test(channel.name).catch((error: unknown) => log.warn({ err: error, channel: channel.name }, 'channel re-test failed'));
    }
  }

  const ofEndpoint = (endpoint: EndpointName) => {
    const own = endpoint === 'gptPlugins' ? pluginsAccount(env) : endpoint;
    return channels.filter((channel) => channel.endpoint === own);
  };

  return {
    list: () => channels.map(view),
    servesEndpoint: (endpoint) => ofEndpoint(endpoint).length > 0,
    modelsFor: (endpoint) => [...new Set(ofEndpoint(endpoint).flatMap(namesServed))],
    pick: (query) => router.pick(query),
    run: router.run,
    call: (query, attempt, callOptions) => callOnChannels(router.run, query, attempt, callOptions),
    async setState(name, state) {
      const channel = named(name);
      log.info({ channel: channel.name, state }, 'channel state set by the operator');
      await states.set(channel.name, { state, reason: null, cooldownUntil: null });
      return view(channel);
    },
    test,
    retest,
    async start() {
      await states.start();
      stops.push(every(env.CHANNEL_RETEST_MINUTES * 60_000, () => void retest()));
    },
    async close() {
      for (const stop of stops.splice(0)) stop();
      await states.close();
    },
  };
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** The upstream accounts (CHANNELS_FILE and the `*_API_KEY` ones) every server-paid call goes through, with failover. */
    channels: Channels;
  }
}
