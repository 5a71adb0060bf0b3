import { payPagePath, type PayType, type TopUpPack } from '@parley/core';
import { useState } from 'react';
import { storedApiKey } from '../../api/session.ts';
import { openPaymentTab } from './payment-tab.ts';
import { quotaApi } from './quota-api.ts';

/** SPEC point 8: the two payment errors the dialog can show. */
type TopUpFailure = 'payment_failed' | 'missing_key';

type TopUpState =
  | { status: 'idle' }
  | { status: 'creating' }
  | { status: 'created'; orderId: string; payUrl: string }
  | { status: 'failed'; failure: TopUpFailure };

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
 * SPEC points 4 and 7: the order for the chosen pack and method. The key is read at the moment
 * of paying (it may have been removed in another tab); the payment page opens in a new tab.
 */
export function useTopUp(): TopUp {
  const [pack, setPack] = useState<TopUpPack | null>(null);
  const [type, setType] = useState<PayType | null>(null);
  const [state, setState] = useState<TopUpState>({ status: 'idle' });
  const canPay = pack !== null && type !== null && state.status !== 'creating';

  const pay = async () => {
    if (!pack || !type || state.status === 'creating') return;
    const apikey = storedApiKey();
    if (!apikey) {
      setState({ status: 'failed', failure: 'missing_key' });
      return;
    }
    const tab = openPaymentTab();
    setState({ status: 'creating' });
    try {
      const order = { apikey, payId: String(Date.now()), type, price: pack.price, returnUrl: `${window.location.origin}/` };
      const answer = await quotaApi.createOrder(order);
      if (!('data' in answer)) throw new Error(`Order refused (code ${answer.code}): ${answer.message}`);
      const url = payPagePath(answer.data.orderId);
      tab.show(url);
      setState({ status: 'created', orderId: answer.data.orderId, payUrl: url });
    } catch (error) {
      console.error('Creating the payment order failed', error);
      tab.discard();
      setState({ status: 'failed', failure: 'payment_failed' });
    }
  };

  return { pack, type, state, choosePack: setPack, chooseType: setType, canPay, pay };
}
