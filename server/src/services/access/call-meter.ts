import type { AppContext } from '../../app/context.ts';
import { ProviderError, type ProviderErrorCode } from '../../providers/provider-error.ts';
import type { Exchange } from '../chat/prepare-exchange.ts';
import { holdExchange } from './hold-exchange.ts';
import type { Payer } from './owner-kinds.ts';
import type { CallOutcome, Hold } from './quota-hold.ts';

/** A further model call of an exchange that its payer cannot afford; the reply keeps what was shown. */
export class QuotaRefusal extends ProviderError {
  /** The chat error text of the refusal, with its details (cost, what is left). */
  readonly errorText: string;

  constructor(errorText: string) {
    const { type } = JSON.parse(errorText) as { type: ProviderErrorCode };
    super(type, 'a further model call of the exchange was refused by the quota');
    this.errorText = errorText;
  }
}

/** Every model call of one exchange, held from its payer and settled together when the exchange ends. */
export interface CallMeter extends Hold {
  /** Before each model call: the first is the ask's own hold; each further one is held anew or throws a QuotaRefusal. */
  beforeCall(): Promise<void>;
}

/**
 * An agent run calls its model once per step (and once more for the completion): each call
 * costs what the ask costs, so a three-step run is three calls' worth. Every hold is charged
 * when the exchange was served and refunded when it was not.
 */
export function callMeter(ctx: AppContext, exchange: Exchange, payer: Payer | undefined, first: Hold): CallMeter {
  const holds: Hold[] = [first];
  let calls = 0;
  return {
    async beforeCall() {
      calls += 1;
      if (calls === 1) return;
      const held = await holdExchange(ctx, exchange, payer);
      if (!held.ok) throw new QuotaRefusal(held.errorText);
      holds.push(held.hold);
    },
    async settle(outcome: CallOutcome) {
      // Token counts are the last call's; the further holds are charged at their estimate.
      await first.settle(outcome);
      for (const hold of holds.slice(1)) await hold.settle({ served: outcome.served });
    },
  };
}
