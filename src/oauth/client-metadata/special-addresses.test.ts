import { describe, expect, it } from 'vitest';
import { addressRefusal, specialUseOf } from './special-addresses.js';

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
    expect(specialUseOf(address)?.why).toContain(why);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700::6810:84e5', '::ffff:8.8.8.8', '172.32.0.1', '192.169.0.1'])(
    'accepts the public address %s',
    (address) => {
      expect(specialUseOf(address)).toBeUndefined();
    },
  );

  it('refuses what is not an IP address', () => {
    expect(specialUseOf('example.com')).toEqual({ why: 'not an IP address', local: false });
  });
});

describe('which addresses a client metadata document is fetched from', () => {
  const local = ['127.0.0.1', '127.8.9.10', '::1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.10', 'fd12:3456::1', 'fc00::1'];
  const localMapped = ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:0:10.0.0.1', '::ffff:c0a8:a'];
  const neverOpened = [
    ['0.0.0.0', 'this network'],
    ['0.1.2.3', 'this network'],
    ['::ffff:0.0.0.0', 'this network'],
    ['::ffff:0:0', 'this network'],
    ['169.254.169.254', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['::', 'unspecified'],
    ['100.64.0.1', 'carrier-grade'],
    ['198.51.100.7', 'documentation'],
    ['2001:db8::1', 'documentation'],
    ['224.0.0.251', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['64:ff9b::7f00:1', 'NAT64'],
    ['2002:7f00:1::1', '6to4'],
    ['example.com', 'not an IP address'],
  ] as const;

  it.each([...local, ...localMapped])('refuses the local address %s by default', (address) => {
    expect(specialUseOf(address)).toMatchObject({ local: true });
    expect(addressRefusal(address, false)).toBe(specialUseOf(address)!.why);
  });

  it.each([...local, ...localMapped])('lets %s through when private addresses are allowed', (address) => {
    expect(addressRefusal(address, true)).toBeUndefined();
  });

  it.each(neverOpened)('refuses %s as %s whether or not private addresses are allowed', (address, why) => {
    expect(addressRefusal(address, false)).toContain(why);
    expect(addressRefusal(address, true)).toBe(`${specialUseOf(address)?.why}; allowing private addresses opens loopback and private networks only`);
    expect(addressRefusal(address, true)).toContain(why);
  });

  it.each(['93.184.215.14', '2606:4700::6810:84e5', '::ffff:8.8.8.8'])('lets the public address %s through under either policy', (address) => {
    expect(addressRefusal(address, false)).toBeUndefined();
    expect(addressRefusal(address, true)).toBeUndefined();
  });
});
