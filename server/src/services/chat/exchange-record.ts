import type { AppContext } from '../../app/context.ts';
import { callPrice } from '../access/call-cost.ts';
import type { Payer } from '../access/owner-kinds.ts';
import { creditCost } from '../access/token-balance.ts';
import type { Exchange } from './prepare-exchange.ts';

/** How one chat exchange ended, for its usage record. */
export interface ExchangeFacts {
  served: boolean;
  promptTokens?: number;
  completionTokens?: number;
  upstreamModel: string | null;
  /** performance.now() of the exchange's start and of its first shown output. */
  startedAt: number;
  firstOutputAt?: number;
  status: 'ok' | 'error' | 'cancelled';
  errorCode?: string;
}

/** What the exchange's first call cost its payer, in the payer's unit (as `holdCall` charged it). */
function chargeOf(ctx: AppContext, exchange: Exchange, payer: Payer, facts: ExchangeFacts): { charged: number; unit: 'quota' | 'credits' | 'free' } {
  if (payer.kind === 'key') return { charged: facts.served ? callPrice(ctx, exchange.endpoint, exchange.model).cost : 0, unit: 'quota' };
  if (payer.kind === 'account' && ctx.env.CHECK_BALANCE) {
    return { charged: facts.served ? creditCost(exchange, facts.promptTokens ?? 0, facts.completionTokens ?? 0) : 0, unit: 'credits' };
  }
  return { charged: 0, unit: 'free' };
}

/** Queues the usage record of a web chat exchange (the `web` dialect), written with the API's in the next batch. */
export function recordExchange(ctx: AppContext, exchange: Exchange, payer: Payer | undefined, clientIp: string | undefined, facts: ExchangeFacts): void {
  const paidBy = payer ?? { kind: 'account', userId: exchange.userId };
  ctx.usageRecords.add({
    userId: exchange.userId,
    accessKeyId: paidBy.kind === 'key' ? paidBy.keyId : null,
    dialect: 'web',
    model: exchange.model,
    upstreamModel: facts.upstreamModel,
    // The channel that answered (or failed last); none on the user's own key.
    channel: exchange.routed.channel ?? null,
    inputTokens: facts.promptTokens ?? 0,
    outputTokens: facts.completionTokens ?? 0,
    ...chargeOf(ctx, exchange, paidBy, facts),
    ttftMs: facts.firstOutputAt === undefined ? null : Math.round(facts.firstOutputAt - facts.startedAt),
    totalMs: Math.round(performance.now() - facts.startedAt),
    status: facts.status,
    errorCode: facts.errorCode ?? null,
    clientIp: clientIp ?? null,
  });
}
