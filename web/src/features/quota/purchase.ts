import { ordersApi } from './orders-api.ts';
import { rememberRenewal } from './renewal-memory.ts';
import type { PlaceOrder } from './use-top-up.ts';

/** What the quota dialog sells this caller: quota for the stored key, a renewal, credits, or a new key. */
export type Purchase = { purpose: 'key_topup'; apiKey: string; renew: boolean } | { purpose: 'credits' } | { purpose: 'new_key' };

export interface PurchaseInput {
  dialog: 'quota' | 'buy';
  storedKey: string | null;
  renewKey: string | null;
  /** A signed-in account on a server that counts credits. */
  accountCredits: boolean;
}

export function purchaseFor({ dialog, storedKey, renewKey, accountCredits }: PurchaseInput): Purchase {
  if (renewKey) return { purpose: 'key_topup', apiKey: renewKey, renew: true };
  if (dialog === 'quota' && storedKey) return { purpose: 'key_topup', apiKey: storedKey, renew: false };
  if (dialog === 'quota' && accountCredits) return { purpose: 'credits' };
  return { purpose: 'new_key' };
}

/**
 * The order call for a purchase. A key's top-up reads the stored key at the moment of paying (it
 * may have been removed in another tab): none left, and nothing is placed.
 */
export function placerFor(purchase: Purchase, currentKey: () => string | null): PlaceOrder {
  return ({ pack, type, payId }) => {
    const choice = { payId, type, price: pack.price };
    if (purchase.purpose === 'credits') return ordersApi.credits(choice);
    if (purchase.purpose === 'new_key') return ordersApi.key(choice);
    if (purchase.renew) {
      return ordersApi.key({ ...choice, apikey: purchase.apiKey }).then((order) => {
        rememberRenewal(order.orderId, purchase.apiKey);
        return order;
      });
    }
    const apikey = currentKey();
    return apikey ? ordersApi.key({ ...choice, apikey }) : null;
  };
}
