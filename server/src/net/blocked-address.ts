import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Addresses a user-supplied URL must never reach: this host, the private networks around it,
 * link-local (cloud metadata lives at 169.254.169.254 and fd00:ec2::254), CGNAT, and ranges
 * that are not unicast internet addresses at all.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The 16 bytes of an IPv6 address (which `isIPv6` has accepted), embedded dotted IPv4 included. */
function ipv6Bytes(address: string): number[] {
  const [head = '', tail] = address.split('::') as [string, string?];
  const groups = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const words = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return words.flatMap((word) => [word >> 8, word & 0xff]);
}

/**
 * The IPv4 address an IPv6 one stands for, when it is a wrapper around one: IPv4-mapped
 * (`::ffff:a.b.c.d`), NAT64 (`64:ff9b::/96`) or 6to4 (`2002:AABB:CCDD::/48`).
 */
function embeddedIPv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address.split('%')[0]!);
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const dotted = (at: number) => bytes.slice(at, at + 4).join('.');
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return dotted(12);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) return dotted(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return dotted(2);
  return undefined;
}

/** Whether an IP address (v4 or v6, text form) is one a user-supplied URL may not reach. Anything unparseable is blocked. */
export function isBlockedAddress(address: string): boolean {
  if (isIPv4(address)) return blocked.check(address, 'ipv4');
  if (!isIPv6(address)) return true;
  const inner = embeddedIPv4(address);
  if (inner !== undefined) return blocked.check(inner, 'ipv4');
  return blocked.check(address.split('%')[0]!, 'ipv6');
}
