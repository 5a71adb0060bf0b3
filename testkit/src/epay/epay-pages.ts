import type { EpaySubmission } from './epay-fake.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const methodName = (type: string) => (type === 'wxpay' ? '微信支付 WeChat Pay' : type === 'alipay' ? '支付宝 Alipay' : type);

const layout = (title: string, body: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px #0001;width:min(360px,90vw)}
h1{font-size:20px;margin:0 0 16px}dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 20px}dt{color:#666}dd{margin:0}
button{width:100%;padding:12px;font-size:16px;border:0;border-radius:8px;background:#1677ff;color:#fff;cursor:pointer}</style>
</head><body><main>${body}</main></body></html>`;

/** The fake gateway's checkout page: the order and a "pay" button. */
export function payPage(order: EpaySubmission): string {
  return layout(
    '收银台 Checkout',
    `<h1>收银台 Checkout</h1>
<dl><dt>商品 Item</dt><dd data-testid="epay-name">${escape(order.name)}</dd>
<dt>金额 Amount</dt><dd data-testid="epay-money">¥${escape(order.money)}</dd>
<dt>方式 Method</dt><dd data-testid="epay-type">${escape(methodName(order.type))}</dd>
<dt>订单 Order</dt><dd data-testid="epay-order">${escape(order.out_trade_no)}</dd></dl>
<form method="post" action="/pay"><input type="hidden" name="out_trade_no" value="${escape(order.out_trade_no)}">
<button type="submit">确认支付 Pay</button></form>`,
  );
}

export function resultPage(title: string, detail: string): string {
  return layout(title, `<h1>${escape(title)}</h1><p>${escape(detail)}</p>`);
}
