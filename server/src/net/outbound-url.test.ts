import { describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env.ts';
import { isBlockedAddress } from './blocked-address.ts';
import { outboundFetch } from './outbound-fetch.ts';
import { checkOutboundUrl, guardedLookup, OutboundUrlError, outboundPolicy, strictOutboundPolicy } from './outbound-url.ts';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '::127.0.0.1',
    'not an address',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '142.250.74.110', '172.32.0.1', '100.128.0.1', '2607:f8b0:4004:c1b::5f', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::'])(
    'lets public %s through',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );
});

describe('checkOutboundUrl', () => {
  const refused = (url: string, policy = strictOutboundPolicy) => {
    try {
      checkOutboundUrl(url, policy);
    } catch (error) {
      expect(error).toBeInstanceOf(OutboundUrlError);
      return (error as Error).message;
    }
    throw new Error(`${url} was allowed`);
  };

  it('allows the hosts Parley builds over https', () => {
    expect(checkOutboundUrl('https://oauth2.googleapis.com/token', strictOutboundPolicy).hostname).toBe('oauth2.googleapis.com');
    expect(checkOutboundUrl('https://parley-east.openai.azure.com/openai', strictOutboundPolicy).hostname).toBe('parley-east.openai.azure.com');
  });

  it('refuses http, credentials in the URL, other hosts and literal private addresses', () => {
    expect(refused('http://oauth2.googleapis.com/token')).toMatch(/Only https/);
    expect(refused('https://user:pw@oauth2.googleapis.com/token')).toMatch(/user name or password/);
    expect(refused('https://evil.com/token')).toMatch(/evil\.com is not allowed/);
    expect(refused('https://openai.azure.com/')).toMatch(/not allowed/);
    expect(refused('https://evil.com#.openai.azure.com/')).toMatch(/evil\.com is not allowed/);
    expect(refused('https://127.0.0.1/token')).toMatch(/private or reserved/);
    expect(refused('https://[::ffff:127.0.0.1]/token')).toMatch(/private or reserved/);
    expect(refused('https://2130706433/token')).toMatch(/127\.0\.0\.1 is on a private/);
    expect(refused('not a url')).toMatch(/not a valid URL/);
  });

  it('widens the list only by OUTBOUND_HOST_ALLOWLIST, and opens everything only with the unsafe switch', () => {
    const widened = outboundPolicy(parseEnv({ OUTBOUND_HOST_ALLOWLIST: 'tokens.corp.example, *.proxy.example' }));
    expect(checkOutboundUrl('https://tokens.corp.example/t', widened).hostname).toBe('tokens.corp.example');
    expect(checkOutboundUrl('https://a.b.proxy.example/t', widened).hostname).toBe('a.b.proxy.example');
    expect(refused('https://10.0.0.1/t', { ...widened, hosts: [...widened.hosts, '10.0.0.1'] })).toMatch(/private/);
    expect(outboundPolicy(parseEnv({})).allowAll).toBe(false);
    const unsafe = outboundPolicy(parseEnv({ OUTBOUND_UNSAFE_ALLOW_ALL: 'true' }));
    expect(checkOutboundUrl('http://127.0.0.1:9/token', unsafe).port).toBe('9');
  });
});

describe('guarded connections', () => {
  it('fails the lookup of a name that resolves to a blocked address', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => guardedLookup('localhost', {}, (e) => resolve(e)));
    expect(error).toBeInstanceOf(OutboundUrlError);
    expect(error?.message).toMatch(/localhost resolves to .*private or reserved/);
  });

  it('refuses to connect to an allow-listed name that resolves to loopback (DNS rebinding)', async () => {
    const fetch = outboundFetch({ hosts: ['localhost'], allowAll: false });
    const failure = await fetch('https://localhost/token').catch((error: unknown) => error as Error & { cause?: unknown });
    expect(failure).toBeInstanceOf(Error);
    expect((failure as { cause?: unknown }).cause).toBeInstanceOf(OutboundUrlError);
  });

  it('refuses redirects and off-list URLs before any connection', async () => {
    const fetch = outboundFetch(strictOutboundPolicy);
    await expect(fetch('http://127.0.0.1:1/token')).rejects.toBeInstanceOf(OutboundUrlError);
  });
});
