import type { AppContext } from '../../app/context.ts';
import type { MeteredCall } from '../../providers/types.ts';
import type { Exchange } from '../chat/prepare-exchange.ts';
import type { Payer } from './owner-kinds.ts';
import { holdCall, type HoldResult } from './quota-hold.ts';

/**
 * The chat pipeline's quota step: what a call of the exchange costs (its own model's, or that of
 * the model a further call uses), held from its payer before anything goes upstream.
 */
export async function holdExchange(
  ctx: AppContext,
  exchange: Exchange,
  payer: Payer = { kind: 'account', userId: exchange.userId },
  call: MeteredCall = exchange,
): Promise<HoldResult> {
  const held = await holdCall(ctx, payer, {
    endpoint: call.endpoint,
    model: call.model,
    conversationId: exchange.conversationId,
    messageId: exchange.userMessage.id,
    promptText: () => exchange.turns.map((turn) => turn.content).join('\n'),
  });
  // The operator sees why a chat was refused without a debugger.
  if (!held.ok) ctx.log.info({ userId: exchange.userId, payer: payer.kind, model: call.model, refusal: held.errorText }, 'chat refused: quota');
  return held;
}
