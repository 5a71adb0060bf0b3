import type { CreatedOrder, PayType, TopUpPack } from '@parley/core';
import { useState } from 'react';
import { openPaymentTab } from './payment-tab.ts';

/** SPEC point 8: the two payment errors the dialog can show. */
type TopUpFailure = 'payment_failed' | 'missing_key';

type TopUpState =
  | { status: 'idle' }
  | { status: 'creating' }
  | { status: 'created'; orderId: string; payUrl: string }
  | { status: 'redirecting' }
  | { status: 'failed'; failure: TopUpFailure };

/** Places the order for a pack and method; null when it cannot be placed (no key to top up). */
export type PlaceOrder = (choice: { pack: TopUpPack; type: PayType; payId: string }) => Promise<CreatedOrder> | null;

export interface TopUp {
  pack: TopUpPack | null;
  type: PayType | null;
  state: TopUpState;
  choosePack(pack: TopUpPack): void;
  chooseType(type: PayType): void;
  /** Pay is possible once a pack and a method are chosen, and not while an order is created. */
  canPay: boolean;
  pay(): Promise<void>;
}

/**
 * SPEC points 4 and 7: the order for the chosen pack and method (a new key, a key's quota or an
 * account's credits, by `place`). The payment page opens in a new tab, or in this one when no tab
 * could open; the gateway's return lands on the order page.
 */
export function useTopUp(place: PlaceOrder): TopUp {
  const [pack, setPack] = useState<TopUpPack | null>(null);
  const [type, setType] = useState<PayType | null>(null);
  const [state, setState] = useState<TopUpState>({ status: 'idle' });
  const busy = state.status === 'creating' || state.status === 'redirecting';
  const canPay = pack !== null && type !== null && !busy;

  const pay = async () => {
    if (!pack || !type || busy) return;
    const placing = place({ pack, type, payId: crypto.randomUUID() });
    if (!placing) {
      setState({ status: 'failed', failure: 'missing_key' });
      return;
    }
    const tab = openPaymentTab();
    setState({ status: 'creating' });
    try {
      const order = await placing;
      const where = tab.show(order.payUrl);
      setState(where === 'new-tab' ? { status: 'created', orderId: order.orderId, payUrl: order.payUrl } : { status: 'redirecting' });
    } catch (error) {
      console.error('Creating the payment order failed', error);
      tab.discard();
      setState({ status: 'failed', failure: 'payment_failed' });
    }
  };

  return { pack, type, state, choosePack: setPack, chooseType: setType, canPay, pay };
}
