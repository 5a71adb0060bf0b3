import { createHash, timingSafeEqual } from 'node:crypto';

export type EpayParams = Record<string, string | undefined>;

/**
 * The epay signature: lowercase md5 of the non-empty parameters except `sign` and `sign_type`,
 * sorted by name, joined `k=v&…`, followed directly by the merchant key.
 */
export function epaySign(params: EpayParams, key: string): string {
  const base = Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && params[name] !== undefined && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('md5').update(base + key, 'utf8').digest('hex');
}

/** Compares the given signature with the expected one in constant time. */
export function epaySignatureValid(params: EpayParams, key: string): boolean {
  const given = Buffer.from((params.sign ?? '').toLowerCase());
  const expected = Buffer.from(epaySign(params, key));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Integer fen → the gateway's yuan with two decimals. */
export const fenToMoney = (fen: number) => (fen / 100).toFixed(2);

/** The gateway's yuan string → integer fen, or undefined when it is not a plain amount. */
export function moneyToFen(money: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(money);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
