import { tokenUsageOf, type ChatCompletionRequest, type UsageDialect } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import type { TokenCount } from '../access/call-cost.ts';
import { ChunkWatch } from './chunk-watch.ts';
import { countCallerRequest, type GatewayCaller } from './gateway-caller.ts';
import { gatewayFailure } from './gateway-failure.ts';
import { estimateOf } from './gateway-meter.ts';
import { meteredCall } from './metered-call.ts';
import { routeModel } from './model-route.ts';
import { promptTextOf } from './prompt-text.ts';
import { chatAdapterFor } from './upstream/adapters.ts';
import { callUpstream, upstreamTarget, type UpstreamIo, type UpstreamTarget } from './upstream-target.ts';

export interface ChatCallInput {
  caller: GatewayCaller;
  /** The canonical request, as the inbound dialect translated it. */
  request: ChatCompletionRequest;
  dialect: UsageDialect;
  clientIp: string;
  /** Aborted when the caller goes away: the upstream call stops and only what was produced is charged. */
  signal: AbortSignal;
  /** A streamed call's chunks (JSON text of canonical chunks), for the inbound dialect to write. */
  onChunk?: (json: string) => void;
}

export interface ChatCallAnswer {
  /** A call that was not streamed: the JSON text of its canonical completion. */
  completionJson?: string;
}

/** The usage of a non-streamed completion, and the model that answered. */
function completionFacts(json: string): { usage?: TokenCount; upstreamModel?: string } {
  const completion = JSON.parse(json) as { usage?: unknown; model?: unknown };
  return { usage: tokenUsageOf(completion.usage), upstreamModel: typeof completion.model === 'string' ? completion.model : undefined };
}

/**
 * One Chat Completions call through the gateway, whatever dialect it came in: the caller's
 * per-minute limit, the model routed within its allow-list, the upstream target, the price held,
 * the adapter's call (chunks handed to `onChunk` as they come), then the hold settled on the
 * usage and one usage record queued. A failure before any output is refunded and thrown (as
 * the API's error); after output the stream just ends and what was produced is charged.
 */
export async function runChatCall(ctx: AppContext, input: ChatCallInput): Promise<ChatCallAnswer> {
  const { caller, request, signal } = input;
  await countCallerRequest(ctx, caller);
  const endpoint = await routeModel(ctx, caller, request.model, 'chat');
  const adapter = chatAdapterFor(endpoint)!;
  const target = await upstreamTarget(ctx, endpoint, request.model, caller.userId);
  const estimate = estimateOf(promptTextOf(request), request.max_completion_tokens ?? request.max_tokens ?? 0);
  const watch = new ChunkWatch(input.onChunk ?? (() => undefined), request.stream_options?.include_usage === true);
  return meteredCall(ctx, { caller, target, estimate, dialect: input.dialect, clientIp: input.clientIp, signal }, async (metering) => {
    metering.watch = watch;
    const streamed = request.stream === true;
    const chat = (routed: UpstreamTarget, io: UpstreamIo) => {
      let told = false;
      return adapter.chat(routed, request, {
        signal: io.signal,
        onChunk: (json) => {
          // The router is told of the attempt's first output once, not on every chunk.
          if (!told) {
            told = true;
            io.output();
          }
          watch.onChunk(json);
        },
      });
    };
    const result = await callUpstream(ctx, target, chat, { signal, streamed }).catch((error: unknown) => {
      throw gatewayFailure(error);
    });
    if (result.completionJson !== undefined) Object.assign(metering, completionFacts(result.completionJson), { produced: true });
    return result;
  });
}
