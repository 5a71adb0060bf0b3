import type { InsufficientQuotaError } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { callPrice, tokenCost, tokenPrice, type TokenCount } from '../access/call-cost.ts';
import { holdCall } from '../access/quota-hold.ts';
import { creditCost } from '../access/token-balance.ts';
import type { GatewayCaller } from './gateway-caller.ts';
import type { UpstreamTarget } from './upstream-target.ts';

/** What a call is expected to use, before it runs: its text and, from it, an estimate of its tokens. */
export interface CallEstimate {
  /** The text sent upstream (the account's balance check counts it). */
  promptText: string;
  /** ~4 characters a token: a token-priced hold's estimate, settled on the upstream's usage. */
  inputTokens: number;
  /** The most output the caller allowed (`max_completion_tokens`), or 0. */
  outputTokens: number;
}

export function estimateOf(promptText: string, outputTokens = 0): CallEstimate {
  return { promptText, inputTokens: Math.ceil(promptText.length / 4), outputTokens };
}

/** A held call: settled once, when it ended, answering what it cost its payer. */
export interface GatewayMeter {
  unit: 'quota' | 'credits' | 'free';
  /** `tokens`: the upstream's usage, else the estimate of what was produced. Never throws. */
  settle(served: boolean, tokens: TokenCount): Promise<number>;
}

/** The chat's refusal text as the API's error: the caller's quota or credits do not cover the call. */
function refusal(errorText: string): AppError {
  const details = JSON.parse(errorText) as Omit<Partial<InsufficientQuotaError>, 'type'> & { type: string };
  if (details.type === 'message_limit') return new AppError('message_limit', 'You reached the daily call limit of this model.', details);
  const message = details.reason === 'key_expired' ? 'This key has expired or was revoked.' : 'You exceeded your current quota; top up to continue.';
  return new AppError('insufficient_quota', message, details);
}

/**
 * Holds a call's price from its payer exactly as a chat is held (`holdCall`): a key's quota (a
 * per-call price, or for a token-priced model the estimate), an account's credits with
 * CHECK_BALANCE. Throws the refusal; the meter settles on what the call used.
 */
export async function holdGatewayCall(ctx: AppContext, caller: GatewayCaller, target: UpstreamTarget, estimate: CallEstimate): Promise<GatewayMeter> {
  const { endpoint, model } = target;
  const price = caller.payer.kind === 'key' ? tokenPrice(ctx, endpoint, model) : undefined;
  const estimated: TokenCount = { input: estimate.inputTokens, output: estimate.outputTokens, cached: 0 };
  const holdCost = price ? tokenCost(price, estimated) : undefined;
  const perCall = caller.payer.kind === 'key' && !price ? callPrice(ctx, endpoint, model).cost : undefined;
  const held = await holdCall(ctx, caller.payer, { endpoint, model, promptText: () => estimate.promptText, holdCost });
  if (!held.ok) {
    ctx.log.info({ userId: caller.userId, keyId: caller.keyId, tokenId: caller.tokenId, model, refusal: held.errorText }, 'API call refused: quota');
    throw refusal(held.errorText);
  }
  const unit = caller.payer.kind === 'key' ? 'quota' : ctx.env.CHECK_BALANCE ? 'credits' : 'free';
  return {
    unit,
    async settle(served, tokens) {
      const cost = price ? tokenCost(price, tokens) : undefined;
      await held.hold.settle({ served, promptTokens: tokens.input, completionTokens: tokens.output, cost });
      if (!served) return 0;
      if (unit === 'quota') return cost ?? holdCost ?? perCall ?? 0;
      return unit === 'credits' ? creditCost(target, tokens.input, tokens.output) : 0;
    },
  };
}
