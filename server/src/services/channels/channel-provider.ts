import type { EndpointName } from '@parley/core';
import { ProviderError } from '../../providers/provider-error.ts';
import type { ChatEvent, ChatProvider, ChatRequest, MeteredCall } from '../../providers/types.ts';
import { recovering } from '../../providers/event-iterators.ts';
import { operatorChosen } from '../chat/credentials.ts';
import type { ChannelTarget } from './channel-router.ts';
import type { Channels } from './create-channels.ts';

/** What the user sees: anything else (the model's name, usage, the finish) may come from a channel that then fails. */
const isShown = (event: ChatEvent) => event.type === 'text' || event.type === 'reasoning' || event.type === 'tool-call' || event.type === 'tool-result' || event.type === 'image';

/** An upstream that echoes the key it refused must not put it in a log line. */
function withoutKey(error: unknown, apiKey: string): unknown {
  if (!(error instanceof ProviderError) || apiKey.length < 8 || !error.upstreamMessage.includes(apiKey)) return error;
  return new ProviderError(error.code, error.upstreamMessage.split(apiKey).join('[redacted]'), error.upstreamStatus, error.retryAfterMs);
}

/**
 * The provider of a chat the server pays for: each call runs `inner` (the endpoint's own
 * provider, or the plugin agent) on a channel of the endpoint with that channel's key, base URL
 * and model mapping, and fails over to the next channel before the first shown event.
 * `onTarget` learns the channel of each attempt (the usage record's `channel`).
 */
export function channelProvider(channels: Channels, endpoint: EndpointName, inner: ChatProvider, onTarget?: (target: ChannelTarget) => void): ChatProvider {
  return {
    stream(request, signal) {
      const holds = carriedHolds(request.beforeCall);
      const attempt = (target: ChannelTarget, attemptSignal: AbortSignal): AsyncIterable<ChatEvent> => {
        const routed = { ...request, apiKey: target.apiKey, baseURL: target.baseURL, modelAliases: target.modelAliases, outbound: operatorChosen, beforeCall: holds.beforeCall };
        return recovering(inner.stream(routed, attemptSignal), (error) => {
          throw withoutKey(error, target.apiKey);
        });
      };
      const told = (target: ChannelTarget) => {
        holds.nextAttempt();
        onTarget?.(target);
      };
      return channels.run({ model: request.model, endpoint }, attempt, { signal, isOutput: isShown, onTarget: told });
    },
  };
}

/**
 * A request that makes several model calls (the plugin agent) holds each call's price before it
 * (`beforeCall`). An attempt that failed before its first output made its calls for nothing: the
 * next attempt makes the same calls again, so it takes over the failed attempt's holds instead of
 * holding twice, and the payer pays once for each call that served.
 */
function carriedHolds(beforeCall: ChatRequest['beforeCall']) {
  let carried: MeteredCall[] = [];
  let current: MeteredCall[] = [];
  return {
    nextAttempt() {
      carried = [...carried, ...current];
      current = [];
    },
    beforeCall:
      beforeCall &&
      (async (call: MeteredCall) => {
        const index = carried.findIndex((held) => held.endpoint === call.endpoint && held.model === call.model);
        if (index >= 0) carried.splice(index, 1);
        else await beforeCall(call);
        current.push(call);
      }),
  };
}
