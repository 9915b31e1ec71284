import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Special-use address blocks (RFC 6890 and the IANA special-purpose registries): loopback,
 * private, shared, link-local, unique-local, multicast, documentation, reserved and the
 * unspecified address. A client metadata document is never fetched from one of them, or any
 * URL of ours could be aimed at the machine itself or its private network (SSRF). `local` marks
 * the blocks `serve --allow-private-client-metadata` opens for development: this machine's
 * loopback and the private networks. The others (link-local with the cloud metadata address
 * 169.254.169.254, 'this network' 0.0.0.0, which Linux connects to this machine) stay shut.
 */
const blocks: ReadonlyArray<readonly [prefix: string, bits: number, why: string, local?: 'local']> = [
  ['0.0.0.0', 8, "'this network' (RFC 791)"],
  ['10.0.0.0', 8, 'private (RFC 1918)', 'local'],
  ['100.64.0.0', 10, 'shared carrier-grade NAT (RFC 6598)'],
  ['127.0.0.0', 8, 'loopback (RFC 1122)', 'local'],
  ['169.254.0.0', 16, 'link-local (RFC 3927)'],
  ['172.16.0.0', 12, 'private (RFC 1918)', 'local'],
  ['192.0.0.0', 24, 'IETF protocol assignments (RFC 6890)'],
  ['192.0.2.0', 24, 'documentation (RFC 5737)'],
  ['192.88.99.0', 24, '6to4 relay anycast (RFC 7526)'],
  ['192.168.0.0', 16, 'private (RFC 1918)', 'local'],
  ['198.18.0.0', 15, 'benchmarking (RFC 2544)'],
  ['198.51.100.0', 24, 'documentation (RFC 5737)'],
  ['203.0.113.0', 24, 'documentation (RFC 5737)'],
  ['224.0.0.0', 4, 'multicast (RFC 5771)'],
  ['240.0.0.0', 4, 'reserved (RFC 1112), broadcast included'],
  ['::', 128, 'unspecified (RFC 4291)'],
  ['::1', 128, 'loopback (RFC 4291)', 'local'],
  ['::', 96, 'IPv4-compatible, deprecated (RFC 4291)'],
  ['64:ff9b::', 96, 'NAT64 translation (RFC 6052)'],
  ['64:ff9b:1::', 48, 'local NAT64 translation (RFC 8215)'],
  ['100::', 64, 'discard-only (RFC 6666)'],
  ['2001::', 23, 'IETF protocol assignments, Teredo included (RFC 2928)'],
  ['2001:db8::', 32, 'documentation (RFC 3849)'],
  ['2002::', 16, '6to4, which embeds an IPv4 address (RFC 3056)'],
  ['3fff::', 20, 'documentation (RFC 9637)'],
  ['5f00::', 16, 'segment routing (RFC 9602)'],
  ['fc00::', 7, 'unique local (RFC 4193)', 'local'],
  ['fe80::', 10, 'link-local (RFC 4291)'],
  ['fec0::', 10, 'site-local, deprecated (RFC 3879)'],
  ['ff00::', 8, 'multicast (RFC 4291)'],
];

/** Why an address is special-use, and whether it is this machine or a private network. */
export interface SpecialUse {
  readonly why: string;
  /** Loopback or a private network: fetched under `serve --allow-private-client-metadata`. */
  readonly local: boolean;
}

const lists = blocks.map(([prefix, bits, why, local]) => {
  const list = new BlockList();
  list.addSubnet(prefix, bits, isIPv4(prefix) ? 'ipv4' : 'ipv6');
  return { list, use: { why, local: local === 'local' } };
});

/** An IPv4 address written inside IPv6 (`::ffff:10.0.0.1`, `::ffff:a00:1`), as IPv4; else undefined. */
function mappedIPv4(address: string): string | undefined {
  const match = /^::ffff:(?:0:)?(.+)$/i.exec(address);
  if (!match) return undefined;
  if (isIPv4(match[1]!)) return match[1];
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(match[1]!);
  if (!hex) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * Why an IP address is not a public unicast address (e.g. 'private (RFC 1918)') and whether it is
 * local, or undefined when it is public. IPv4-mapped IPv6 addresses are judged by the IPv4
 * address they carry; anything that is not an IP address at all is refused too.
 */
export function specialUseOf(address: string): SpecialUse | undefined {
  const mapped = mappedIPv4(address);
  if (mapped !== undefined) return specialUseOf(mapped);
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (family === undefined) return { why: 'not an IP address', local: false };
  return lists.find(({ list }) => list.check(address, family))?.use;
}

/**
 * Why a client metadata document is not fetched from this address, or undefined when it may be.
 * `allowLocal` (`serve --allow-private-client-metadata`) opens loopback and private networks only.
 */
export function addressRefusal(address: string, allowLocal: boolean): string | undefined {
  const use = specialUseOf(address);
  if (use === undefined || (allowLocal && use.local)) return undefined;
  return allowLocal ? `${use.why}; allowing private addresses opens loopback and private networks only` : use.why;
}
