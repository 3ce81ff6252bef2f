import { describe, expect, test } from 'bun:test';
import { throttleAddress } from './sign-in-address.ts';

describe('throttleAddress', () => {
  test('an IPv4 address is counted whole, also written as IPv4-mapped IPv6', () => {
    expect(throttleAddress('10.3.3.3')).toBe('10.3.3.3');
    expect(throttleAddress('::ffff:10.3.3.3')).toBe('10.3.3.3');
  });

  test('the addresses of one /64 network are one client, however they are written', () => {
    const one = [
      '2001:db8:1:2::1',
      '2001:db8:1:2::60',
      '2001:0DB8:0001:0002:abcd:ef01:2345:6789',
      '2001:db8:1:2::1%eth0',
    ];
    expect(new Set(one.map(throttleAddress))).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(throttleAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  test('something that is not an address is counted as it came', () => {
    expect(throttleAddress('')).toBe('');
    expect(throttleAddress('1:2:3::4::5')).toBe('1:2:3::4::5');
    expect(throttleAddress('zz::1')).toBe('zz::1');
  });
});
