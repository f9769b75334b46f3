/**
 * The outbound address rule (docs/api.md#outbound-addresses): every range the IANA special-purpose
 * registries mark not globally reachable is refused, IPv4 wrapped in IPv6 is judged by the IPv4
 * address inside, and global addresses pass.
 */
import { describe, expect, it } from 'vitest';
import {
  isPrivateAddress,
  OUTBOUND_PRIVATE_RULE,
  OUTBOUND_SCHEME_RULE,
  outboundProblem,
} from '../../../../redirector/outbound/addressRules';

const REFUSED: readonly (readonly [string, string])[] = [
  // IPv4 special-purpose registry
  ['0.0.0.0', '"this network" 0.0.0.0/8'],
  ['0.1.2.3', '"this network" 0.0.0.0/8'],
  ['10.1.2.3', 'private 10.0.0.0/8'],
  ['100.64.0.1', 'CGNAT 100.64.0.0/10'],
  ['127.0.0.1', 'loopback'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['172.16.5.4', 'private 172.16.0.0/12'],
  ['192.0.0.8', 'IETF protocol assignments 192.0.0.0/24'],
  ['192.0.0.170', 'NAT64 discovery'],
  ['192.0.2.1', 'TEST-NET-1'],
  ['192.88.99.1', 'deprecated 6to4 relay anycast'],
  ['192.168.1.1', 'private 192.168.0.0/16'],
  ['198.18.0.1', 'benchmarking 198.18.0.0/15'],
  ['198.19.255.254', 'benchmarking 198.18.0.0/15, upper half'],
  ['198.51.100.7', 'TEST-NET-2'],
  ['203.0.113.45', 'TEST-NET-3'],
  ['224.0.0.1', 'multicast'],
  ['240.0.0.1', 'reserved 240.0.0.0/4'],
  ['255.255.255.255', 'limited broadcast'],
  // IPv6 special-purpose registry and the rest outside global unicast
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['::7f00:1', 'IPv4-compatible ::/96 (127.0.0.1)'],
  ['::808:808', 'IPv4-compatible ::/96, even around a global IPv4 address'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:a00:1', 'IPv4-mapped private'],
  ['::ffff:0:a00:1', 'IPv4-translated ::ffff:0:0:0/96'],
  ['64:ff9b::7f00:1', 'NAT64 64:ff9b::/96 around loopback'],
  ['64:ff9b::c000:201', 'NAT64 64:ff9b::/96 around TEST-NET-1'],
  ['64:ff9b:1::a00:1', 'local-use NAT64 64:ff9b:1::/48'],
  ['64:ff9b:1:ffff::808:808', 'local-use NAT64 64:ff9b:1::/48, whatever it wraps'],
  ['100::1', 'discard-only 100::/64'],
  ['100:0:0:1::1', 'dummy prefix 100:0:0:1::/64'],
  ['2001:2::1', 'benchmarking 2001:2::/48'],
  ['2001:10::1', 'deprecated ORCHID'],
  ['2001:db8::1', 'documentation 2001:db8::/32'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo whose client is 127.0.0.1'],
  ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'Teredo whose server is 10.0.0.1'],
  ['2002:a00:1::1', '6to4 around 10.0.0.1'],
  ['2002:7f00:1::1', '6to4 around 127.0.0.1'],
  ['2002:c633:6401::1', '6to4 around TEST-NET-2'],
  ['3fff::1', 'documentation 3fff::/20'],
  ['5f00::1', 'SRv6 SIDs 5f00::/16'],
  ['fc00::1', 'unique local'],
  ['fd12:3456::1', 'unique local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['fec0::1', 'deprecated site-local'],
  ['ff02::1', 'multicast'],
  ['not-an-address', 'not an address'],
];

const ALLOWED: readonly (readonly [string, string])[] = [
  ['8.8.8.8', 'global IPv4'],
  ['93.184.215.14', 'global IPv4'],
  ['1.1.1.1', 'global IPv4'],
  ['100.128.0.1', 'just past CGNAT'],
  ['198.20.0.1', 'just past benchmarking'],
  ['223.255.255.254', 'just below multicast'],
  ['2606:4700:4700::1111', 'global IPv6'],
  ['2a00:1450:4001:82a::200e', 'global IPv6'],
  ['::ffff:8.8.8.8', 'IPv4-mapped global'],
  ['64:ff9b::808:808', 'NAT64 64:ff9b::/96 around a global address'],
  ['2002:808:808::1', '6to4 around a global address'],
  ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'Teredo with a global server and client (8.8.8.8)'],
];

describe('isPrivateAddress', () => {
  it.each(REFUSED)('refuses %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });
  it.each(ALLOWED)('allows %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('outboundProblem', () => {
  const answering = (addresses: string[]) => ({ allowPrivate: false, resolve: async () => addresses });

  it('refuses an IP literal URL of every refused class with the private rule', async () => {
    for (const [address] of REFUSED.filter(([text]) => text !== 'not-an-address' && !text.includes('%'))) {
      const host = address.includes(':') ? `[${address}]` : address;
      expect(await outboundProblem(`https://${host}/hook`, { allowPrivate: false }), address).toBe(
        OUTBOUND_PRIVATE_RULE,
      );
    }
  });

  it('refuses a name when any of its addresses is special-use', async () => {
    expect(await outboundProblem('https://hooks.example/', answering(['64:ff9b::7f00:1']))).toBe(OUTBOUND_PRIVATE_RULE);
    expect(await outboundProblem('https://hooks.example/', answering(['8.8.8.8', '198.18.0.1']))).toBe(
      OUTBOUND_PRIVATE_RULE,
    );
    expect(await outboundProblem('https://hooks.example/', answering(['2002:a00:1::1']))).toBe(OUTBOUND_PRIVATE_RULE);
    expect(await outboundProblem('https://hooks.example/', answering(['8.8.8.8', '2606:4700:4700::1111']))).toBe(
      undefined,
    );
  });

  it('lets everything through with OUTBOUND_ALLOW_PRIVATE=1, the scheme rule aside', async () => {
    const open = { allowPrivate: true, resolve: async () => ['64:ff9b::7f00:1'] };
    expect(await outboundProblem('http://[64:ff9b:1::a00:1]/', open)).toBe(undefined);
    expect(await outboundProblem('http://hooks.example/', open)).toBe(undefined);
    expect(await outboundProblem('ftp://8.8.8.8/', open)).toBe(OUTBOUND_SCHEME_RULE);
  });
});
