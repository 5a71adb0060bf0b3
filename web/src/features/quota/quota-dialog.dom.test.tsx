// @vitest-environment happy-dom
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderView } from '@parley/core';
import { setStoredApiKey } from '../../api/session.ts';
import { initI18n } from '../../locales/i18n.ts';
import { useAccessDialogs } from '../access/access-dialogs-store.ts';
import { testStartupConfig } from '../access/test-startup-config.ts';
import { useAuthStore } from '../../state/auth-store.ts';
import { QuotaDialog } from './quota-dialog.tsx';
import { TopUpForm } from './top-up-form.tsx';
import { readRequestJson } from '@parley/testkit/request-body';
import { listenAsPage } from '../../api/listen-as-page.ts';

const apiKey = `sk-${'Ab12'.repeat(12)}`;
let config = testStartupConfig();

/**
 * The quota server: each answer waits until the test releases it, so the dialog's in-between
 * states (正在查询..., 订单创建中...) are seen on screen before the answer arrives.
 */
interface Held {
  path: string;
  body: Record<string, unknown>;
  answer(status: number, body: unknown): void;
}
const held: Held[] = [];
let server: Server;

function handle(req: IncomingMessage, res: ServerResponse) {
  void readRequestJson(req).then((body) => {
    const answer = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    if (req.url === '/api/config') return answer(200, config);
    held.push({ path: req.url!, body: body as Record<string, unknown>, answer });
  });
}

/** The next request to `path`; an order's page is asked again every 2 s, so its next look may take that long. */
async function nextRequest(path: string, timeout = 1000): Promise<Held> {
  await waitFor(() => expect(held.map((h) => h.path)).toContain(path), { timeout });
  return held.splice(held.findIndex((h) => h.path === path), 1)[0]!;
}

/** An order as `GET /api/orders/:id` shows it, with the fields a test names. */
function orderView(fields: Partial<OrderView> & { id: string; paid: boolean }): OrderView {
  return {
    purpose: 'key_topup', price: 2000, quota: 1000, days: null, type: 1, createdAt: new Date().toISOString(), paidAt: fields.paid ? new Date().toISOString() : null,
    key: null, keyShownUntil: null, keyPrefix: 'sk-Ab12', balance: null, expiresAt: null, ...fields,
  };
}

/** What window.open hands back: the tab the payment page is loaded into. */
const tab = { closed: false, opener: {} as unknown, location: { href: '' }, close: vi.fn() };

beforeAll(async () => {
  localStorage.setItem('lang', 'zh-CN');
  await initI18n();
  server = createServer(handle);
  await listenAsPage(server);
  useAuthStore.setState({ status: 'anonymous' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  held.length = 0;
  Object.assign(tab, { closed: false, opener: {}, location: { href: '' } });
  tab.close.mockClear();
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  setStoredApiKey(apiKey);
  config = testStartupConfig();
});
afterEach(() => {
  // A lookup left unanswered (a refetch the test did not wait for) ends cleanly, not as a hang-up.
  for (const request of held.splice(0)) request.answer(200, { usage: 0 });
  cleanup();
  vi.restoreAllMocks();
  act(() => useAccessDialogs.getState().close());
});

function openDialog() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <QuotaDialog />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  act(() => useAccessDialogs.getState().show('quota'));
}

const quotaValue = () => screen.getByTestId('quota-value');
const payButton = () => screen.getByTestId('pay-button') as HTMLButtonElement;

async function chooseAndPay() {
  fireEvent.click(screen.getByTestId('quota-pack-1000'));
  expect(payButton().disabled).toBe(true);
  fireEvent.click(screen.getByTestId('pay-method-wechat'));
  expect(payButton().disabled).toBe(false);
  fireEvent.click(payButton());
}

describe('quota dialog (额度管理)', () => {
  it('looks the stored key up on open: 正在查询... then the value', async () => {
    openDialog();
    const lookup = await nextRequest('/api/ask/usage/getusage');
    expect(lookup.body).toMatchObject({ apikey: apiKey });
    expect(quotaValue().textContent).toBe('正在查询...');
    lookup.answer(200, { usage: 1234 });
    await waitFor(() => expect(quotaValue().textContent).toBe('1,234'));
  });

  it('sells a new key, not a lookup, to a visitor without a stored key', async () => {
    setStoredApiKey(null);
    openDialog();
    await waitFor(() => expect(screen.getByTestId('buy-intro')).toBeTruthy());
    expect(screen.queryByTestId('quota-value')).toBeNull();
    await chooseAndPay();
    const order = await nextRequest('/api/orders/key');
    expect(order.body).toEqual({ payId: expect.stringMatching(/^[0-9a-f-]{36}$/), type: 1, price: 20 });
    order.answer(200, { orderId: 'ord-new', payUrl: '/pay/ord-new' });
    await waitFor(() => expect(tab.location.href).toBe('/pay/ord-new'));
    (await nextRequest('/api/orders/ord-new')).answer(200, orderView({ id: 'ord-new', purpose: 'new_key', paid: true, balance: 1000 }));
    await waitFor(() => expect(screen.getByTestId('order-paid').textContent).toContain('充值成功'));
    expect(screen.getByTestId('order-show-key').getAttribute('href')).toBe('/order/ord-new');
  });

  it('keeps 正在查询... after a failed lookup', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openDialog();
    (await nextRequest('/api/ask/usage/getusage')).answer(500, { error: 'internal', message: 'boom', status: 500 });
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Quota lookup failed', expect.anything()));
    expect(quotaValue().textContent).toBe('正在查询...');
  });

  it('needs a pack and a method, reads 订单创建中... while the order is created, opens /pay/<orderId> in the tab, then says 充值成功 with the new quota by itself', async () => {
    openDialog();
    (await nextRequest('/api/ask/usage/getusage')).answer(200, { usage: 5 });
    expect(payButton().disabled).toBe(true);
    await chooseAndPay();
    const order = await nextRequest('/api/orders/key');
    expect(order.body).toMatchObject({ apikey: apiKey, type: 1, price: 20 });
    expect(payButton().textContent).toBe('订单创建中...');
    expect(payButton().disabled).toBe(true);
    expect(window.open).toHaveBeenCalledTimes(1);
    order.answer(200, { orderId: 'ord-42', payUrl: '/pay/ord-42' });
    await waitFor(() => expect(tab.location.href).toBe('/pay/ord-42'));
    expect(tab.opener).toBeNull();
    expect(screen.getByTestId('pay-reopen').getAttribute('href')).toBe('/pay/ord-42');
    expect(screen.getByTestId('pay-reopen').textContent).toContain('支付没有响应？点击这里');
    expect(payButton().disabled).toBe(false);
    // Pending at first: the dialog says it waits for the payment.
    (await nextRequest('/api/orders/ord-42')).answer(200, orderView({ id: 'ord-42', paid: false }));
    await waitFor(() => expect(screen.getByTestId('order-created').textContent).toContain('正在等待支付确认'));
    // The gateway's notification arrives: the next look says paid, with the quota the key has now.
    (await nextRequest('/api/orders/ord-42', 5000)).answer(200, orderView({ id: 'ord-42', paid: true, balance: 1005 }));
    await waitFor(() => expect(screen.getByTestId('order-paid').textContent).toBe('充值成功 当前额度为 1,005。'));
    const again = await nextRequest('/api/ask/usage/getusage');
    again.answer(200, { usage: 1005 });
    await waitFor(() => expect(quotaValue().textContent).toBe('1,005'));
  });

  it('opens the payment in this tab when no new tab could open (a pop-up blocker), and does not claim one opened', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const assign = vi.fn();
    const realLocation = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...realLocation, origin: realLocation.origin, href: realLocation.href, assign } });
    try {
      openDialog();
      (await nextRequest('/api/ask/usage/getusage')).answer(200, { usage: 5 });
      await chooseAndPay();
      (await nextRequest('/api/orders/key')).answer(200, { orderId: 'ord-7', payUrl: '/pay/ord-7' });
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/ord-7'));
      expect(payButton().textContent).toBe('正在打开支付页面…');
      expect(screen.queryByTestId('order-created')).toBeNull();
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
    }
  });

  it('shows 支付系统出现了一些问题 for a refused order and closes the blank tab', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openDialog();
    (await nextRequest('/api/ask/usage/getusage')).answer(200, { usage: 5 });
    await chooseAndPay();
    (await nextRequest('/api/orders/key')).answer(400, { error: 'validation', message: 'No top-up pack has this price.', status: 400 });
    await waitFor(() => expect(screen.getByTestId('top-up-error').textContent).toBe('支付系统出现了一些问题，请稍后再试'));
    expect(tab.close).toHaveBeenCalled();
    expect(screen.queryByTestId('order-created')).toBeNull();
  });

  it('offers only the methods the server sells, and no top-up at all without a gateway', async () => {
    config = testStartupConfig({ payMethods: [2], topUpPacks: [{ quota: 500, price: 12 }] });
    openDialog();
    (await nextRequest('/api/ask/usage/getusage')).answer(200, { usage: 5 });
    await waitFor(() => expect(screen.getByTestId('quota-pack-500')).toBeTruthy());
    expect(screen.queryByTestId('quota-pack-1000')).toBeNull();
    expect(screen.queryByTestId('pay-method-wechat')).toBeNull();
    expect(screen.getByTestId('pay-method-alipay')).toBeTruthy();
    cleanup();

    config = testStartupConfig({ paymentsEnabled: false });
    openDialog();
    (await nextRequest('/api/ask/usage/getusage')).answer(200, { usage: 5 });
    await waitFor(() => expect(screen.getByTestId('top-up-unavailable')).toBeTruthy());
    expect(screen.queryByTestId('pay-button')).toBeNull();
  });

  it('disables Alipay when the small-screen flag is set (never, in this app)', () => {
    const topUp = { pack: null, type: null, state: { status: 'idle' }, choosePack: vi.fn(), chooseType: vi.fn(), canPay: false, pay: vi.fn() } as const;
    render(<TopUpForm topUp={topUp} offer={testStartupConfig()} purpose="key_topup" onRefreshQuota={vi.fn()} alipayBlocked />);
    expect((screen.getByTestId('pay-method-alipay') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('pay-method-wechat') as HTMLInputElement).disabled).toBe(false);
  });

  it('shows the missing-key error without calling the server when the key is gone at pay time', async () => {
    openDialog();
    (await nextRequest('/api/ask/usage/getusage')).answer(200, { usage: 5 });
    act(() => setStoredApiKey(null));
    await chooseAndPay();
    await waitFor(() => expect(screen.getByTestId('top-up-error').textContent).toBe('无法获取到apiKey，请注销apiKey并重新保存后重试。'));
    expect(window.open).not.toHaveBeenCalled();
    expect(held).toEqual([]);
  });
});
