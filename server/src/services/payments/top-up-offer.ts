import type { PayType, TopUpPack } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { payableMethods } from './epay-config.ts';

/** The offered pack a buyer names by its price in yuan (compared in fen), if any. */
export function packOfPrice(ctx: Pick<AppContext, 'businessSettings'>, price: number): TopUpPack | undefined {
  const fen = Math.round(price * 100);
  return ctx.businessSettings.current().topUpPacks.find((pack) => Math.round(pack.price * 100) === fen);
}

/** Whether a buyer may pay by this method: offered (PAY_METHODS) and with a gateway. */
export const isPayable = (ctx: Pick<AppContext, 'env'>, type: number): type is PayType => payableMethods(ctx.env).some((method) => method === type);
