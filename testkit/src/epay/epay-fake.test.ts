import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEpayFake, type EpayFake } from './epay-fake.ts';
import { signEpay } from './epay-signature.ts';

describe('epay gateway fake', () => {
  let epay: EpayFake;
  const order = (extra: Record<string, string> = {}) => ({
    pid: epay.pid,
    type: 'wxpay',
    out_trade_no: 'PL1',
    notify_url: 'http://127.0.0.1:9/api/pay/notify',
    return_url: 'http://127.0.0.1:9/chat/new',
    name: 'Parley 额度 1000',
    money: '20.00',
    ...extra,
  });
  const submit = (params: Record<string, string>) => fetch(`${epay.url}/submit.php?${new URLSearchParams(params).toString()}`);

  beforeAll(async () => {
    epay = await startEpayFake();
  });
  afterAll(() => epay.close());

  it('shows the pay page for a correctly signed order', async () => {
    const params = order();
    const res = await submit({ ...params, sign: signEpay(params, epay.key), sign_type: 'MD5' });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('¥20.00');
    expect(page).toContain('微信支付');
    expect(epay.submissions.at(-1)).toMatchObject({ out_trade_no: 'PL1', money: '20.00' });
  });

  it('refuses a wrong signature, an unknown merchant or a malformed amount, as the real gateway does', async () => {
    const params = order({ out_trade_no: 'PL2' });
    expect((await submit({ ...params, sign: signEpay(params, 'wrong key'), sign_type: 'MD5' })).status).toBe(400);
    const stranger = order({ pid: '9' });
    expect((await submit({ ...stranger, sign: signEpay(stranger, epay.key), sign_type: 'MD5' })).status).toBe(400);
    const odd = order({ money: '20' });
    expect((await submit({ ...odd, sign: signEpay(odd, epay.key), sign_type: 'MD5' })).status).toBe(400);
    expect(epay.submissions.some((s) => s.out_trade_no === 'PL2')).toBe(false);
  });

  it('signs the way epay documents: sorted non-empty fields, sign and sign_type left out, key appended', () => {
    // md5("a=1&b=2KEY")
    expect(signEpay({ b: '2', a: '1', c: '', sign: 'x', sign_type: 'MD5' }, 'KEY')).toBe('c5b3153ba616141a0bf58e29ad4cbb3f');
  });

  it('answers api.php?act=order strictly: the merchant key, a known order, and status 1 only once paid', async () => {
    const params = order({ out_trade_no: 'PLQ' });
    await submit({ ...params, sign: signEpay(params, epay.key), sign_type: 'MD5' });
    const query = (extra: Record<string, string>) =>
      fetch(`${epay.url}/api.php?${new URLSearchParams({ act: 'order', pid: epay.pid, key: epay.key, out_trade_no: 'PLQ', ...extra }).toString()}`).then((r) => r.json());
    expect(await query({})).toMatchObject({ code: 1, out_trade_no: 'PLQ', money: '20.00', status: 0 });
    expect(await query({ key: 'wrong' })).toMatchObject({ code: -3 });
    expect(await query({ out_trade_no: 'nope' })).toMatchObject({ code: -1 });
    expect(await query({ act: 'query' })).toMatchObject({ code: -5 });
    const tradeNo = epay.payWithoutNotice('PLQ');
    expect(await query({})).toMatchObject({ code: 1, trade_no: tradeNo, status: 1 });
  });
});
