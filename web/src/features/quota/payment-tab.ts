export interface PaymentTab {
  /** Shows the payment page in the tab. */
  show(url: string): void;
  /** The order failed: the blank tab goes away. */
  discard(): void;
}

/**
 * The payment page opens in a new tab (SPEC point 7). The tab is opened during the click, while
 * the browser still counts it as the user's doing, and filled once the order exists; a tab
 * opened after the order call returns would be blocked as a pop-up by Safari and others.
 */
export function openPaymentTab(): PaymentTab {
  const tab = window.open('', '_blank');
  return {
    show(url) {
      if (!tab || tab.closed) {
        window.open(url, '_blank', 'noopener');
        return;
      }
      tab.opener = null;
      tab.location.href = url;
    },
    discard() {
      tab?.close();
    },
  };
}
