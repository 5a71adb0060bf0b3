import type { TokenUsage, UsageDialect } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import type { GatewayCaller } from './gateway-caller.ts';
import { UpstreamRefusal } from './gateway-failure.ts';
import { holdGatewayCall, type CallEstimate } from './gateway-meter.ts';
import type { UpstreamTarget } from './upstream-target.ts';

export interface MeteredCallInput {
  caller: GatewayCaller;
  target: UpstreamTarget;
  estimate: CallEstimate;
  dialect: UsageDialect;
  clientIp: string;
  signal: AbortSignal;
}

/** What a streamed call's watcher learned on the way: its first output, usage and produced chunks. */
export interface OutputWatch {
  firstOutputAt: number | undefined;
  usage: TokenUsage | undefined;
  outputChunks: number;
  upstreamModel: string | undefined;
  /** A failure the upstream's stream reported in-band (an `error` event) after it began: the call ended in error, though nothing was thrown. */
  streamError?: string;
}

/** What the running call tells the meter: filled in by the call as it learns it. */
export interface Metering {
  /** The call answered (a whole completion, a picture, embeddings). */
  produced: boolean;
  usage?: TokenUsage;
  upstreamModel?: string;
  /** A streamed call's watch: its first output, usage and produced chunks. */
  watch?: OutputWatch;
}

const noTokens: TokenUsage = { input: 0, output: 0, cached: 0, reasoning: 0 };

function errorCodeOf(error: unknown): string {
  if (error instanceof AppError) return error.code;
  if (error instanceof UpstreamRefusal) return error.body.error.code ?? `upstream_${error.status}`;
  return 'internal';
}

/**
 * Holds the call's price, runs it, then settles and records it off the caller's path: a call
 * that answered, or failed after output, is charged on its usage (else on the estimate and the
 * output chunks it relayed); a call that failed before any output is refunded. Every call,
 * refused upstream or not, queues one usage record.
 */
export async function meteredCall<T>(ctx: AppContext, input: MeteredCallInput, run: (metering: Metering) => Promise<T>): Promise<T> {
  const started = performance.now();
  const { caller, target, estimate } = input;
  const meter = await holdGatewayCall(ctx, caller, target, estimate);
  const metering: Metering = { produced: false };
  let failure: unknown;
  try {
    return await run(metering);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    const { watch } = metering;
    const firstOutputAt = watch?.firstOutputAt;
    const served = failure === undefined || metering.produced || firstOutputAt !== undefined;
    const usage = metering.usage ?? watch?.usage ?? (served ? { ...noTokens, input: estimate.inputTokens, output: watch?.outputChunks ?? 0 } : noTokens);
    const streamError = watch?.streamError;
    const status = failure !== undefined ? (input.signal.aborted ? 'cancelled' : 'error') : streamError ? 'error' : 'ok';
    const errorCode = failure !== undefined ? errorCodeOf(failure) : (streamError ?? null);
    if (status === 'error') ctx.log.warn({ err: failure, errorCode, userId: caller.userId, model: target.model, endpoint: target.endpoint, dialect: input.dialect }, 'API call failed');
    const totalMs = Math.round(performance.now() - started);
    void meter.settle(served, usage).then((charged) =>
      ctx.usageRecords.add({
        userId: caller.userId,
        accessKeyId: caller.keyId ?? null,
        apiTokenId: caller.tokenId ?? null,
        dialect: input.dialect,
        model: target.model,
        upstreamModel: metering.upstreamModel ?? watch?.upstreamModel ?? target.upstreamModel,
        channel: target.channel,
        inputTokens: usage.input,
        outputTokens: usage.output,
        cachedTokens: usage.cached,
        reasoningTokens: usage.reasoning,
        charged,
        unit: meter.unit,
        ttftMs: firstOutputAt === undefined ? null : Math.round(firstOutputAt - started),
        totalMs,
        status,
        errorCode,
        clientIp: input.clientIp,
      }),
    );
  }
}
