import type { AppContext } from '../../app/context.ts';
import type { Exchange } from '../chat/prepare-exchange.ts';
import type { Payer } from './owner-kinds.ts';
import { holdCall, type HoldResult } from './quota-hold.ts';

/** The chat pipeline's quota step: what an exchange costs, held from its payer before anything goes upstream. */
export async function holdExchange(ctx: AppContext, exchange: Exchange, payer: Payer = { kind: 'account', userId: exchange.userId }): Promise<HoldResult> {
  const held = await holdCall(ctx, payer, {
    endpoint: exchange.endpoint,
    model: exchange.model,
    conversationId: exchange.conversationId,
    messageId: exchange.userMessage.id,
    promptText: exchange.turns.map((turn) => turn.content).join('\n'),
  });
  // The operator sees why a chat was refused without a debugger.
  if (!held.ok) ctx.log.info({ userId: exchange.userId, payer: payer.kind, model: exchange.model, refusal: held.errorText }, 'chat refused: quota');
  return held;
}
