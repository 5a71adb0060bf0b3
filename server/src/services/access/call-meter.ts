import type { AppContext } from '../../app/context.ts';
import { ProviderError, type ProviderErrorCode } from '../../providers/provider-error.ts';
import type { MeteredCall } from '../../providers/types.ts';
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
  /** Before each model call: held at the price of the model that call uses, or throws a QuotaRefusal. */
  beforeCall(call: MeteredCall): Promise<void>;
}

/**
 * An agent run calls a model once per step (its `agentOptions.model`) and once more for the
 * completion (the conversation's model): each call pays the price of the model it uses, so a
 * three-step run is three calls' worth of the agent model. The ask's own hold pays for the first
 * call when that call uses the exchange's model; otherwise it is refunded before the first call's
 * model is held. Every hold is charged when the exchange was served and refunded when it was not.
 */
export function callMeter(ctx: AppContext, exchange: Exchange, payer: Payer | undefined, first: Hold): CallMeter {
  const further: Hold[] = [];
  let firstTaken = false;
  let firstReleased = false;
  return {
    async beforeCall(call) {
      const firstCall = !firstTaken && !firstReleased;
      if (firstCall && call.endpoint === exchange.endpoint && call.model === exchange.model) {
        firstTaken = true;
        return;
      }
      if (firstCall) {
        firstReleased = true;
        await first.settle({ served: false });
      }
      const held = await holdExchange(ctx, exchange, payer, call);
      if (!held.ok) throw new QuotaRefusal(held.errorText);
      further.push(held.hold);
    },
    async settle(outcome: CallOutcome) {
      // Token counts are the last call's; the other holds are charged at their estimate.
      const holds = firstReleased ? further : [first, ...further];
      for (const [index, hold] of holds.entries()) await hold.settle(index === holds.length - 1 ? outcome : { served: outcome.served });
    },
  };
}
