import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequestForm } from '../http/request-body.ts';
import { signEpay } from './epay-signature.ts';
import { payPage, resultPage } from './epay-pages.ts';

/** An order as the gateway received it from `submit.php`. */
export interface EpaySubmission {
  pid: string;
  type: string;
  out_trade_no: string;
  notify_url: string;
  return_url: string;
  name: string;
  money: string;
  /** The gateway's trade number, once paid. */
  trade_no?: string;
  /** Paid at the gateway (what `api.php?act=order` reports as status 1). */
  paid?: boolean;
}

/** How one notification is sent: tampering for the tests of what Parley must refuse. */
export interface NotifyOptions {
  /** Sends this many notifications at once (a gateway retrying, or duplicates). Default 1. */
  times?: number;
  /** Replaces the signature with a wrong one. */
  forgeSign?: boolean;
  /** Reports this amount instead of the order's. */
  money?: string;
  /** Reports this merchant id instead of the configured one. */
  pid?: string;
  tradeStatus?: string;
  /** `GET` with the query string (what most epay gateways do) or `POST` with a form body. */
  method?: 'GET' | 'POST';
}

export interface EpayFake {
  url: string;
  pid: string;
  key: string;
  /** EPAY_URL, EPAY_PID, EPAY_KEY for Parley. */
  env: Record<string, string>;
  /** Orders received through submit.php, newest last. */
  submissions: EpaySubmission[];
  /** Pays an order received through submit.php: notifies its notify_url; answers each notification's reply text. */
  pay(outTradeNo: string, options?: NotifyOptions): Promise<string[]>;
  /** Pays an order at the gateway without notifying anyone (a lost notification); answers its trade number. */
  payWithoutNotice(outTradeNo: string): string;
  /** Order queries received on `api.php?act=order`, newest last. */
  queries: string[];
  close(): Promise<void>;
}

const html = (res: ServerResponse, status: number, body: string) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
const required = ['pid', 'type', 'out_trade_no', 'notify_url', 'name', 'money', 'sign'] as const;

/**
 * An epay-compatible gateway on 127.0.0.1: `submit.php` checks the merchant and the signature like
 * the real one and shows a pay page; paying there calls the order's `notify_url` with a correctly
 * signed `TRADE_SUCCESS` and sends the payer back to `return_url`. Tests can also notify directly,
 * several times at once, with a forged signature, a wrong amount or merchant.
 */
export async function startEpayFake(options: { pid?: string; key?: string } = {}): Promise<EpayFake> {
  const pid = options.pid ?? '1001';
  const key = options.key ?? `epay-test-${randomBytes(8).toString('hex')}`;
  const submissions: EpaySubmission[] = [];
  const find = (outTradeNo: string) => submissions.findLast((s) => s.out_trade_no === outTradeNo);

  const queries: string[] = [];
  const tradeNumber = (order: EpaySubmission) => (order.trade_no ??= `T${Date.now()}${randomBytes(4).toString('hex')}`);

  async function notify(order: EpaySubmission, options: NotifyOptions = {}): Promise<string[]> {
    const tradeNo = tradeNumber(order);
    if ((options.tradeStatus ?? 'TRADE_SUCCESS') === 'TRADE_SUCCESS') order.paid = true;
    const params: Record<string, string> = {
      pid: options.pid ?? pid,
      trade_no: tradeNo,
      out_trade_no: order.out_trade_no,
      type: order.type,
      name: order.name,
      money: options.money ?? order.money,
      trade_status: options.tradeStatus ?? 'TRADE_SUCCESS',
    };
    // The signature covers what is sent, except when forging: then it is of nothing we send.
    const sign = options.forgeSign ? signEpay({ ...params, money: '0.01' }, `${key}-forged`) : signEpay(params, key);
    const signed = { ...params, sign, sign_type: 'MD5' };
    const once = async () => {
      const query = new URLSearchParams(signed).toString();
      const response =
        options.method === 'POST'
          ? await fetch(order.notify_url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: query })
          : await fetch(`${order.notify_url}${order.notify_url.includes('?') ? '&' : '?'}${query}`);
      return (await response.text()).trim();
    };
    return Promise.all(Array.from({ length: options.times ?? 1 }, once));
  }

  async function submit(params: Record<string, string>, res: ServerResponse) {
    const missing = required.filter((name) => !params[name]);
    if (missing.length > 0) return html(res, 400, resultPage('参数不完整', `missing: ${missing.join(', ')}`));
    if (params.pid !== pid) return html(res, 400, resultPage('商户不存在', `unknown pid ${params.pid}`));
    if (params.sign_type !== 'MD5' || params.sign !== signEpay(params, key)) return html(res, 400, resultPage('签名校验失败', 'bad signature'));
    if (!/^\d+\.\d{2}$/.test(params.money!)) return html(res, 400, resultPage('金额不合法', `money ${params.money}`));
    const order: EpaySubmission = {
      pid: params.pid!,
      type: params.type!,
      out_trade_no: params.out_trade_no!,
      notify_url: params.notify_url!,
      return_url: params.return_url ?? '',
      name: params.name!,
      money: params.money!,
    };
    submissions.push(order);
    html(res, 200, payPage(order));
  }

  async function payNow(form: Record<string, string>, res: ServerResponse) {
    const order = find(form.out_trade_no ?? '');
    if (!order) return html(res, 404, resultPage('订单不存在', 'unknown order'));
    const [answer] = await notify(order);
    if (answer !== 'success') return html(res, 502, resultPage('商户通知失败', `notify_url answered ${answer}`));
    if (!order.return_url) return html(res, 200, resultPage('支付成功', order.out_trade_no));
    res.writeHead(302, { location: order.return_url }).end();
  }

  /**
   * epay's order query, as strict as the real one: `act=order`, the merchant's pid and key (the
   * key in clear: this API is not signed), and `out_trade_no`; a wrong key or unknown order
   * answers a negative code with a message.
   */
  function queryOrder(params: URLSearchParams, res: ServerResponse) {
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    const missing = ['act', 'pid', 'key', 'out_trade_no'].filter((name) => !params.get(name));
    if (missing.length > 0) return json({ code: -4, msg: `缺少参数 ${missing.join(', ')}` });
    if (params.get('act') !== 'order') return json({ code: -5, msg: 'No Act' });
    if (params.get('pid') !== pid || params.get('key') !== key) return json({ code: -3, msg: 'KEY校验失败' });
    queries.push(params.get('out_trade_no')!);
    const order = find(params.get('out_trade_no')!);
    if (!order) return json({ code: -1, msg: '订单号不存在' });
    json({
      code: 1,
      msg: '查询订单号成功！',
      trade_no: order.trade_no ?? '',
      out_trade_no: order.out_trade_no,
      type: order.type,
      pid: Number(pid),
      name: order.name,
      money: order.money,
      status: order.paid ? 1 : 0,
    });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const handle = async () => {
      if (url.pathname === '/submit.php' && req.method === 'GET') return submit(Object.fromEntries(url.searchParams), res);
      if (url.pathname === '/submit.php' && req.method === 'POST') return submit(await readRequestForm(req), res);
      if (url.pathname === '/pay' && req.method === 'POST') return payNow(await readRequestForm(req), res);
      if (url.pathname === '/api.php' && req.method === 'GET') return queryOrder(url.searchParams, res);
      html(res, 404, resultPage('Not found', url.pathname));
    };
    handle().catch((error: unknown) => html(res, 500, resultPage('Error', String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    pid,
    key,
    env: { EPAY_URL: url, EPAY_PID: pid, EPAY_KEY: key },
    submissions,
    async pay(outTradeNo, options) {
      const order = find(outTradeNo);
      if (!order) throw new Error(`the gateway never received order ${outTradeNo} through submit.php`);
      return notify(order, options);
    },
    payWithoutNotice(outTradeNo) {
      const order = find(outTradeNo);
      if (!order) throw new Error(`the gateway never received order ${outTradeNo} through submit.php`);
      order.paid = true;
      return tradeNumber(order);
    },
    queries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
