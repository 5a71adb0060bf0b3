import { createHash } from 'node:crypto';

/**
 * The epay MD5 signature, written independently of Parley's so the fake checks it rather than
 * echoing it: md5 of the non-empty parameters other than `sign`/`sign_type`, sorted by name,
 * joined `k=v&…`, with the merchant key appended, in lowercase hex.
 */
export function signEpay(params: Record<string, string>, key: string): string {
  const pairs = Object.entries(params)
    .filter(([name, value]) => value !== '' && name !== 'sign' && name !== 'sign_type')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`);
  return createHash('md5').update(`${pairs.join('&')}${key}`, 'utf8').digest('hex');
}
