import { describe, expect, it } from 'vitest';
import { specialUseReason } from './special-addresses.js';

describe('special-use addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.10', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade'],
    ['0.0.0.0', 'this network'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:0:10.0.0.1', 'private'],
    ['64:ff9b::a00:1', 'NAT64'],
    ['2002:a00:1::1', '6to4'],
    ['2001:db8::1', 'documentation'],
  ])('refuses %s as %s', (address, why) => {
    expect(specialUseReason(address)).toContain(why);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700::6810:84e5', '::ffff:8.8.8.8', '172.32.0.1', '192.169.0.1'])(
    'accepts the public address %s',
    (address) => {
      expect(specialUseReason(address)).toBeUndefined();
    },
  );

  it('refuses what is not an IP address', () => {
    expect(specialUseReason('example.com')).toBe('not an IP address');
  });
});
