export interface PaymentTab {
  /** Shows the payment page: in the tab opened for it, or else in this one. Answers where it went. */
  show(url: string): 'new-tab' | 'this-tab';
  /** The order failed: the blank tab goes away. */
  discard(): void;
}

/** In-app browsers (WeChat, Alipay, QQ) open no second tab a payment could come back from. */
const inAppBrowser = () => /MicroMessenger|AlipayClient|QQ\//i.test(navigator.userAgent);

/**
 * The payment page opens in a new tab (SPEC point 7), opened during the click while the browser
 * still counts it as the user's doing, and filled once the order exists. When no tab opens (a
 * pop-up blocker, an in-app browser), the payment takes this tab instead, and the gateway's
 * return lands on the order page here.
 */
export function openPaymentTab(): PaymentTab {
  const tab = inAppBrowser() ? null : window.open('', '_blank');
  return {
    show(url) {
      if (!tab || tab.closed) {
        window.location.assign(url);
        return 'this-tab';
      }
      tab.opener = null;
      tab.location.href = url;
      return 'new-tab';
    },
    discard() {
      tab?.close();
    },
  };
}
