import type { EndpointName } from '@parley/core';
import { ProviderError } from '../../providers/provider-error.ts';
import type { ChatEvent, ChatProvider } from '../../providers/types.ts';
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
      async function* attempt(target: ChannelTarget, attemptSignal: AbortSignal): AsyncIterable<ChatEvent> {
        const routed = { ...request, apiKey: target.apiKey, baseURL: target.baseURL, modelAliases: target.modelAliases, outbound: operatorChosen };
        try {
          yield* inner.stream(routed, attemptSignal);
        } catch (error) {
          throw withoutKey(error, target.apiKey);
        }
      }
      return channels.run({ model: request.model, endpoint }, attempt, { signal, isOutput: isShown, onTarget });
    },
  };
}
