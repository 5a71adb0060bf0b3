import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { Env } from '../config/env.ts';
import { isBlockedAddress } from './blocked-address.ts';

/**
 * Where a URL built from user input (a service account's token_uri, an Azure instance name)
 * may lead. `allowAll` is the test stack's escape hatch for fakes on 127.0.0.1 over http.
 */
export interface OutboundPolicy {
  hosts: readonly string[];
  allowAll: boolean;
  /** Any public host over http or https (the web browser plugin); private and reserved addresses stay refused. */
  anyPublicHost?: boolean;
}

/** The hosts Parley itself builds or expects in user keys; `*.` stands for any subdomain. */
const defaultOutboundHosts = ['oauth2.googleapis.com', '*.openai.azure.com'] as const;

export const strictOutboundPolicy: OutboundPolicy = { hosts: defaultOutboundHosts, allowAll: false };

/** The policy of this server: the default hosts, widened by OUTBOUND_HOST_ALLOWLIST, or everything with the unsafe test switch. */
export function outboundPolicy(env: Pick<Env, 'OUTBOUND_HOST_ALLOWLIST' | 'OUTBOUND_UNSAFE_ALLOW_ALL'>): OutboundPolicy {
  return { hosts: [...defaultOutboundHosts, ...env.OUTBOUND_HOST_ALLOWLIST], allowAll: env.OUTBOUND_UNSAFE_ALLOW_ALL };
}

/** A refused destination; the message says which rule, never more of the key than the host. */
export class OutboundUrlError extends Error {
  override name = 'OutboundUrlError';
}

const hostMatches = (host: string, pattern: string) =>
  pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern;

/**
 * Checks what can be checked without the network: https, no credentials in the URL, a host on
 * the allow-list, and no literal blocked address. Returns the parsed URL.
 */
export function checkOutboundUrl(text: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundUrlError('The address is not a valid URL.');
  }
  if (policy.allowAll) return url;
  const webProtocol = policy.anyPublicHost && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !webProtocol) throw new OutboundUrlError(`Only https addresses are allowed (got ${url.protocol}).`);
  if (url.username || url.password) throw new OutboundUrlError('The address may not carry a user name or password.');
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const literal = host.replace(/^\[|\]$/g, '');
  if (isIP(literal) && isBlockedAddress(literal)) throw new OutboundUrlError(`The address ${literal} is on a private or reserved network.`);
  if (!policy.anyPublicHost && !policy.hosts.some((pattern) => hostMatches(host, pattern.toLowerCase()))) {
    throw new OutboundUrlError(`The host ${host} is not allowed (OUTBOUND_HOST_ALLOWLIST widens the list).`);
  }
  return url;
}

/**
 * A DNS lookup for outbound connections that fails when any address a name resolves to is
 * blocked. Connections use the addresses this lookup checked, so a name that resolves to a
 * public address at the check and to 127.0.0.1 at the connect (DNS rebinding) cannot slip by.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((a) => isBlockedAddress(a.address));
    if (refused) {
      const blocked = Object.assign(new OutboundUrlError(`${hostname} resolves to ${refused.address}, a private or reserved address.`), {
        code: 'EOUTBOUNDBLOCKED',
      });
      return callback(blocked, '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};
