import { channelBaseUrls, type AliasOverrides, type ChannelType } from '@parley/core';
import type { Logger } from '../../app/logger.ts';
import type { Env } from '../../config/env.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import type { Channel, ChannelEndpoint } from './channel.ts';
import { classifyChannelFailure, type ChannelFailure } from './channel-failure.ts';
import { servedModel, type ChannelQuery } from './channel-models.ts';
import { createKeyRotation, createWeightedPicker } from './channel-picker.ts';
import type { ChannelStates } from './channel-states.ts';

/** One attempt's upstream: which channel, key and model name; what a usage record names. */
export interface ChannelTarget {
  /** The channel's name, for usage records and logs. */
  channel: string;
  type: ChannelType;
  /** Whose provider speaks to it (`openAI` for every OpenAI-compatible host). */
  endpoint: ChannelEndpoint;
  /** The configured base URL; undefined: the provider's default (`defaultBaseURL` says which). */
  baseURL?: string;
  /** The base URL in effect: the configured one or the type's public one (undefined for Azure, whose key names its resource). */
  effectiveBaseURL?: string;
  apiKey: string;
  /** Which of the channel's keys (0-based), for logs: never the key itself. */
  keyIndex: number;
  /** The model as asked. */
  model: string;
  /** The model name sent upstream. */
  upstreamModel: string;
  /** What a Parley provider applies to the asked model (`ChatRequest.modelAliases`). */
  modelAliases: AliasOverrides;
}

export type ChannelAttempt<T> = (target: ChannelTarget, signal: AbortSignal) => AsyncIterable<T>;

export interface ChannelRunOptions<T> {
  /** The caller's abort (the user stopped, the client left): no further channel is tried. */
  signal: AbortSignal;
  /** Whether an item is output the user sees; items before the first are held, so a failover drops them. Default: every item. */
  isOutput?: (item: T) => boolean;
  /** Told each target before it is called (the last one told is the one that answered). */
  onTarget?: (target: ChannelTarget) => void;
  /** Overrides CHANNEL_FIRST_BYTE_TIMEOUT_MS; null: none (a call answered whole, whose first byte is its last). */
  firstByteTimeoutMs?: number | null;
}

export interface ChannelRouterOptions {
  env: Env;
  channels: readonly Channel[];
  states: ChannelStates;
  log: Logger;
  retries: number;
  firstByteTimeoutMs: number;
  /** Applies a failure's consequence to the channel (auto-disable, cooldown). */
  onFailure: (channel: Channel, keyIndex: number, failure: ChannelFailure) => Promise<void>;
  now: () => number;
}

/** A channel stays out of the rotation while disabled, auto-disabled or cooling down. */
function usable(states: ChannelStates, channel: Channel, now: number): boolean {
  const status = states.get(channel.name);
  return status.state === 'enabled' && !(status.cooldownUntil !== null && status.cooldownUntil > now);
}

/** The attempt stopped by the first-byte timeout, told apart from the caller's own abort. */
class FirstByteTimeout extends Error {}

/** The attempt that gave the first output, still open, and what ends its watch (the caller's abort, the timer). */
interface Answering<T> {
  rest: AsyncIterator<T>;
  release(): void;
}

/** The failover's items, then the answering attempt's, read from it directly with one promise turn each. */
function handOff<T>(failover: AsyncGenerator<T, Answering<T> | undefined>): AsyncIterator<T> {
  let answering: Answering<T> | undefined;
  const ended = (step: IteratorResult<T>) => {
    if (step.done) answering!.release();
    return step;
  };
  const failed = (error: unknown): never => {
    answering!.release();
    throw error;
  };
  const next = (): Promise<IteratorResult<T>> => {
    if (answering) return answering.rest.next().then(ended, failed);
    return failover.next().then((step) => {
      if (!step.done) return step;
      if (!step.value) return { done: true, value: undefined };
      answering = step.value;
      return next();
    });
  };
  return {
    next,
    async return(value?: unknown) {
      if (!answering) {
        await failover.return(undefined);
        return { done: true, value };
      }
      answering.release();
      return answering.rest.return ? answering.rest.return(value) : { done: true, value };
    },
  };
}

export function createChannelRouter(options: ChannelRouterOptions) {
  const { env, channels, states, log } = options;
  const nextKey = createKeyRotation();
  const pickByWeight = createWeightedPicker();

  /**
   * The channel the next call goes to: highest priority first, by weight, skipping `tried`.
   * When no usable channel is left, an auto-disabled or cooling one is taken rather than none
   * (a single-key deployment keeps answering with its upstream's own error, as before
   * channels); one the operator disabled never is.
   */
  function pick(query: ChannelQuery, tried: ReadonlySet<string> = new Set()): ChannelTarget | undefined {
    const now = options.now();
    const served = new Map<Channel, ReturnType<typeof servedModel>>();
    for (const channel of channels) {
      if (tried.has(channel.name) || states.get(channel.name).state === 'disabled') continue;
      const serving = servedModel(env, channel, query);
      if (serving) served.set(channel, serving);
    }
    const candidates = [...served.keys()];
    const ready = candidates.filter((channel) => usable(states, channel, now));
    const channel = pickByWeight(ready.length > 0 ? ready : candidates);
    if (!channel) return undefined;
    const { key, index } = nextKey(channel);
    const { upstreamModel, modelAliases } = served.get(channel)!;
    return {
      channel: channel.name,
      type: channel.type,
      endpoint: channel.endpoint,
      baseURL: channel.baseURL,
      effectiveBaseURL: channel.baseURL ?? channelBaseUrls[channel.type],
      apiKey: key,
      keyIndex: index,
      model: query.model,
      upstreamModel,
      modelAliases,
    };
  }

  /** Nothing serves the model: every channel of it is disabled by the operator. */
  const noChannel = (query: ChannelQuery) =>
    new ProviderError('upstream_overloaded', `every channel serving ${query.model}${query.endpoint ? ` on ${query.endpoint}` : ''} is disabled`);

  /**
   * Calls `attempt` on a channel chosen for the query and streams its items. A failure before
   * the first output item (429, 5xx, a timeout, a refused connection, a refused key) is tried
   * again on the next channel, at most CHANNEL_RETRIES times, and the caller sees nothing of
   * it; after the first output item the error reaches the caller with what was streamed. From
   * that item on, the answering attempt's items are handed on as they come (`handOff`): the
   * failover's generator is no longer a stage every item passes through.
   */
  function run<T>(query: ChannelQuery, attempt: ChannelAttempt<T>, runOptions: ChannelRunOptions<T>): AsyncIterable<T> {
    return { [Symbol.asyncIterator]: () => handOff(untilOutput(query, attempt, runOptions)) };
  }

  /** The items up to an attempt's first output, failing over before it; then that attempt, still open, as its value. */
  async function* untilOutput<T>(query: ChannelQuery, attempt: ChannelAttempt<T>, runOptions: ChannelRunOptions<T>): AsyncGenerator<T, Answering<T> | undefined> {
    const { signal, isOutput = () => true } = runOptions;
    const tried = new Set<string>();
    let lastError: unknown;
    for (let tries = 0; tries <= options.retries && !signal.aborted; tries++) {
      const target = pick(query, tried);
      if (!target) break;
      tried.add(target.channel);
      runOptions.onTarget?.(target);
      const controller = new AbortController();
      const stop = () => controller.abort(signal.reason);
      signal.addEventListener('abort', stop, { once: true });
      const timeoutMs = runOptions.firstByteTimeoutMs === undefined ? options.firstByteTimeoutMs : runOptions.firstByteTimeoutMs;
      const timer = timeoutMs === null ? undefined : setTimeout(() => controller.abort(new FirstByteTimeout()), timeoutMs);
      const release = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
      };
      const items = attempt(target, controller.signal)[Symbol.asyncIterator]();
      const held: T[] = [];
      let answering = false;
      try {
        for (let step = await items.next(); !step.done; step = await items.next()) {
          clearTimeout(timer);
          if (!isOutput(step.value)) {
            held.push(step.value);
            continue;
          }
          yield* held;
          yield step.value;
          answering = true;
          return { rest: items, release };
        }
        // Our providers end quietly when aborted: a timeout is told by the abort's reason.
        if (!(controller.signal.reason instanceof FirstByteTimeout) || signal.aborted) {
          yield* held;
          return undefined;
        }
        throw controller.signal.reason;
      } catch (error) {
        if (signal.aborted) throw error;
        // A provider may also throw its own abort error when the timeout stops it.
        const timedOut = controller.signal.reason instanceof FirstByteTimeout;
        const failure: ChannelFailure = timedOut ? { kind: 'busy', reason: `no answer within ${timeoutMs} ms` } : classifyChannelFailure(error);
        if (failure.kind === 'request') throw error;
        lastError = timedOut ? new ProviderError('upstream_error', failure.reason) : error;
        await options.onFailure(channelNamed(target.channel), target.keyIndex, failure);
        log.warn({ channel: target.channel, key: target.keyIndex + 1, model: query.model, failure: failure.reason }, 'channel failed before its first byte; the next one is tried');
      } finally {
        if (!answering) {
          release();
          // A reader that stopped while the held items or the first output were handed on closes the attempt.
          await items.return?.().catch(() => undefined);
        }
      }
    }
    if (signal.aborted) return undefined;
    throw lastError ?? noChannel(query);
  }

  const channelNamed = (name: string) => channels.find((c) => c.name === name)!;

  return { pick, run };
}

export type ChannelRouter = ReturnType<typeof createChannelRouter>;
