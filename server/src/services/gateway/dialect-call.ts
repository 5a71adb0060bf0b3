import { chatCompletionRequestSchema, type ChatCompletionRequest, type EndpointName, type UsageDialect } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { runChatCall } from './chat-call.ts';
import { relayStream, relayWhole, RelayWatch, type PassthroughCall } from './dialects/passthrough.ts';
import { countCallerRequest, type GatewayCaller } from './gateway-caller.ts';
import { gatewayFailure } from './gateway-failure.ts';
import { estimateOf } from './gateway-meter.ts';
import { meteredCall } from './metered-call.ts';
import { routeModel } from './model-route.ts';
import { callUpstream, upstreamTarget, type UpstreamIo, type UpstreamTarget } from './upstream-target.ts';

export interface DialectCallInput {
  caller: GatewayCaller;
  dialect: UsageDialect;
  clientIp: string;
  signal: AbortSignal;
  model: string;
  stream: boolean;
  /** The endpoint whose own API the dialect is: its models get the body as it came. */
  nativeEndpoint: EndpointName;
  /** The call that passes the body through to a model of the native endpoint. */
  passthrough(target: UpstreamTarget): Promise<PassthroughCall>;
  /** The request in canonical form, for a model of any other endpoint (throws a 400 naming what it cannot carry). */
  translate(): ChatCompletionRequest;
  /** The text the caller sends and the most output it allows: a passed-through call's estimate. */
  promptText: string;
  maxOutputTokens: number;
  /** A passed-through stream's frames, as the upstream wrote them. */
  onFrame(frame: string): void;
  /** A translated stream's canonical chunks (JSON text), for the dialect's writer. */
  onChunk(json: string): void;
}

export interface DialectAnswer {
  /** Whether the call went through as it came (its frames or JSON are already in the caller's dialect). */
  passedThrough: boolean;
  /** A whole answer: the upstream's own JSON (passed through) or the canonical completion (translated). */
  json?: string;
}

async function passThrough(ctx: AppContext, input: DialectCallInput, endpoint: EndpointName): Promise<DialectAnswer> {
  const { caller, signal } = input;
  await countCallerRequest(ctx, caller);
  const target = await upstreamTarget(ctx, endpoint, input.model, caller.userId);
  const estimate = estimateOf(input.promptText, input.maxOutputTokens);
  return meteredCall(ctx, { caller, target, estimate, dialect: input.dialect, clientIp: input.clientIp, signal }, async (metering) => {
    const watch = new RelayWatch();
    metering.watch = watch;
    // Each attempt (one per channel tried) builds its call from the channel's key and model name.
    const relay = async (routed: UpstreamTarget, io: UpstreamIo): Promise<DialectAnswer> => {
      const call = await input.passthrough(routed);
      if (!input.stream) return { passedThrough: true, json: await relayWhole(call, watch, io.signal) };
      for await (const frame of relayStream(call, watch, io.signal)) {
        io.output();
        input.onFrame(frame);
      }
      return { passedThrough: true };
    };
    const answer = await callUpstream(ctx, target, relay, { signal, streamed: input.stream }).catch((error: unknown) => {
      throw gatewayFailure(error);
    });
    if (answer.json !== undefined) Object.assign(metering, { produced: true });
    return answer;
  });
}

/**
 * One call of an inbound dialect (Anthropic Messages, Gemini, Responses) through the gateway's
 * shared path (the caller's limit, its allow-list, the hold, the usage record): a model of the
 * dialect's own provider gets the body as it came, any other model the canonical translation,
 * run as a Chat Completions call whose chunks the dialect writes back.
 */
export async function runDialectCall(ctx: AppContext, input: DialectCallInput): Promise<DialectAnswer> {
  const endpoint = await routeModel(ctx, input.caller, input.model, 'chat');
  if (endpoint === input.nativeEndpoint) return passThrough(ctx, input, endpoint);
  // The translation is held to the canonical contract as strictly as a Chat Completions caller is.
  const request = chatCompletionRequestSchema.parse(input.translate());
  const answer = await runChatCall(ctx, { caller: input.caller, request, dialect: input.dialect, clientIp: input.clientIp, signal: input.signal, onChunk: input.onChunk });
  return { passedThrough: false, json: answer.completionJson };
}
