import { isIP } from 'node:net';
import { z } from 'zod';

/** Names proxy-addr (behind Fastify's `trustProxy`) knows for whole private ranges. */
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (rangeNames.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Express and proxy-addr take it: a hop count, or the proxies' addresses and
 * CIDR ranges. `true` is one hop, never "every hop": trusting every hop would let a client pick
 * its own address with `X-Forwarded-For` and step around the per-IP limits.
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const value = (raw ?? '').trim().toLowerCase();
    if (['', 'false', 'no', '0'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !isAddressOrRange(entry));
    if (invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected true, false, a hop count, or a comma list of IP addresses/CIDR ranges; not ${invalid.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

export type TrustProxySetting = z.infer<typeof trustProxySchema>;

/**
 * Fastify's own form of the setting. Fastify 5 fails closed on a bare hop count, so the count
 * becomes proxy-addr's trust function: the nearest `hops` addresses (the socket's peer is hop 0)
 * are proxies, and the client is the next address back in `X-Forwarded-For`.
 */
export function fastifyTrustProxy(setting: TrustProxySetting): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (_address, hop) => hop < hops;
}
