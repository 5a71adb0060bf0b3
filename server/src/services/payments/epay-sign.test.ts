import { describe, expect, it } from 'vitest';
import { epaySign, epaySignatureValid, fenToMoney, moneyToFen } from './epay-sign.ts';

describe('epay signature', () => {
  it('signs the sorted non-empty parameters, sign and sign_type left out, with the key appended', () => {
    const params = { pid: '1001', type: 'alipay', out_trade_no: 'P1', money: '20.00', name: 'x', empty: '', sign_type: 'MD5' };
    expect(epaySign(params, 'SECRET')).toBe('f68aa556bdef87e03bc2342353eccb54'); // md5 of money=20.00&name=x&out_trade_no=P1&pid=1001&type=alipaySECRET
    expect(epaySign({ ...params, sign: 'ignored' }, 'SECRET')).toBe(epaySign(params, 'SECRET'));
    expect(epaySign(params, 'SECRET')).toMatch(/^[0-9a-f]{32}$/);
    expect(epaySign(params, 'SECRET')).not.toBe(epaySign(params, 'OTHER'));
  });

  it('verifies a correct signature and refuses a changed parameter or a forged sign', () => {
    const params = { pid: '1001', trade_no: 'T9', out_trade_no: 'P1', money: '20.00', trade_status: 'TRADE_SUCCESS' };
    const signed = { ...params, sign: epaySign(params, 'K'), sign_type: 'MD5' };
    expect(epaySignatureValid(signed, 'K')).toBe(true);
    expect(epaySignatureValid({ ...signed, money: '2000.00' }, 'K')).toBe(false);
    expect(epaySignatureValid({ ...signed, sign: 'f'.repeat(32) }, 'K')).toBe(false);
    expect(epaySignatureValid({ ...signed, sign: undefined }, 'K')).toBe(false);
  });

  it('converts between fen and two-decimal yuan', () => {
    expect(fenToMoney(2000)).toBe('20.00');
    expect(fenToMoney(5)).toBe('0.05');
    expect(moneyToFen('20.00')).toBe(2000);
    expect(moneyToFen('20')).toBe(2000);
    expect(moneyToFen('0.5')).toBe(50);
    expect(moneyToFen('20.001')).toBeUndefined();
    expect(moneyToFen('-1')).toBeUndefined();
  });
});
