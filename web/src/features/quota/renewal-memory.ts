const STORAGE_KEY = 'parley-renewal';

/**
 * An expired key being renewed is not saved as the apiKey (it would not work yet); it waits here,
 * named by its order, until the order page sees the order paid and saves it.
 */
export function rememberRenewal(orderId: string, key: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ orderId, key }));
  } catch {
    // Without storage the renewed key is entered again by hand.
  }
}

/** The key renewed by this order, if this browser renewed it; forgotten once read. */
export function takeRenewal(orderId: string): string | null {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { orderId?: unknown; key?: unknown } | null;
    if (saved?.orderId !== orderId || typeof saved.key !== 'string') return null;
    localStorage.removeItem(STORAGE_KEY);
    return saved.key;
  } catch {
    return null;
  }
}
