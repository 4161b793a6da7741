import type { LookupAddress, LookupOptions } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { guardedLookup, hostRefusal, isPublicAddress, OutboundAddressRefusedError, specialRangeOf, type HostResolver } from '../../server/src/net/outbound-address';

/**
 * The classifier of outbound addresses (server/src/net/outbound-address.ts): every special-purpose
 * range at both of its edges and just outside them, IPv6 forms carrying an IPv4 address, URL hosts as
 * WHATWG parsing leaves them, and the connection lookup that checks what it connects to.
 */

/** Refused addresses and the range they must be reported in. */
const refused: ReadonlyArray<readonly [string, string]> = [
  // IPv4
  ['0.0.0.0', '0.0.0.0/8'],
  ['0.255.255.255', '0.0.0.0/8'],
  ['10.0.0.0', '10.0.0.0/8'],
  ['10.255.255.255', '10.0.0.0/8'],
  ['100.64.0.0', '100.64.0.0/10'],
  ['100.127.255.255', '100.64.0.0/10'],
  ['127.0.0.1', '127.0.0.0/8'],
  ['127.255.255.254', '127.0.0.0/8'],
  ['169.254.0.0', '169.254.0.0/16'],
  ['169.254.169.254', '169.254.0.0/16'],
  ['169.254.255.255', '169.254.0.0/16'],
  ['172.16.0.0', '172.16.0.0/12'],
  ['172.31.255.255', '172.16.0.0/12'],
  ['192.0.0.0', '192.0.0.0/24'],
  ['192.0.0.255', '192.0.0.0/24'],
  ['192.0.2.0', '192.0.2.0/24'],
  ['192.0.2.255', '192.0.2.0/24'],
  ['192.88.99.1', '192.88.99.0/24'],
  ['192.168.0.0', '192.168.0.0/16'],
  ['192.168.255.255', '192.168.0.0/16'],
  ['198.18.0.0', '198.18.0.0/15'],
  ['198.19.255.255', '198.18.0.0/15'],
  ['198.51.100.0', '198.51.100.0/24'],
  ['198.51.100.255', '198.51.100.0/24'],
  ['203.0.113.0', '203.0.113.0/24'],
  ['203.0.113.255', '203.0.113.0/24'],
  ['224.0.0.0', '224.0.0.0/4'],
  ['233.252.0.1', '224.0.0.0/4'],
  ['239.255.255.255', '224.0.0.0/4'],
  ['240.0.0.0', '240.0.0.0/4'],
  ['255.255.255.254', '240.0.0.0/4'],
  ['255.255.255.255', '255.255.255.255/32'],
  // IPv6
  ['::', '::/128'],
  ['::1', '::1/128'],
  ['0:0:0:0:0:0:0:1', '::1/128'],
  ['::ffff:127.0.0.1', '127.0.0.0/8'],
  ['::ffff:7f00:1', '127.0.0.0/8'],
  ['::FFFF:10.1.2.3', '10.0.0.0/8'],
  ['::ffff:a9fe:a9fe', '169.254.0.0/16'],
  ['::ffff:0.0.0.0', '0.0.0.0/8'],
  ['0:0:0:0:0:ffff:c0a8:101', '192.168.0.0/16'],
  ['::127.0.0.1', '::/96'],
  ['::8.8.8.8', '::/96'],
  ['::ffff:0:8.8.8.8', '::ffff:0:0:0/96'],
  ['64:ff9b::127.0.0.1', '127.0.0.0/8'],
  ['64:ff9b::a00:1', '10.0.0.0/8'],
  ['64:ff9b::a9fe:a9fe', '169.254.0.0/16'],
  ['64:ff9b:1::1', '64:ff9b:1::/48'],
  ['100::1', '100::/64'],
  ['2001::1', '2001::/23'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001::/23'],
  ['2001:2::1', '2001::/23'],
  ['2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff', '2001::/23'],
  ['2001:db8::', '2001:db8::/32'],
  ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db8::/32'],
  ['2002:7f00:1::1', '127.0.0.0/8'],
  ['2002:c0a8:101::1', '192.168.0.0/16'],
  ['3fff::1', '3fff::/20'],
  ['3fff:fff:ffff::1', '3fff::/20'],
  ['5f00::1', '5f00::/16'],
  ['fc00::', 'fc00::/7'],
  ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fc00::/7'],
  ['fe80::', 'fe80::/10'],
  ['fe80::1%eth0', 'fe80::/10'],
  ['febf:ffff::1', 'fe80::/10'],
  ['fec0::1', 'fec0::/10'],
  ['feff:ffff::1', 'fec0::/10'],
  ['ff00::', 'ff00::/8'],
  ['ff02::1', 'ff00::/8'],
  ['1fff:ffff::1', 'outside 2000::/3'],
  ['4000::1', 'outside 2000::/3'],
  ['e000::1', 'outside 2000::/3'],
];

/** Ordinary public addresses, many just outside a refused range. */
const allowed: readonly string[] = [
  '1.1.1.1',
  '8.8.8.8',
  '93.184.216.34',
  '9.255.255.255',
  '11.0.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '126.255.255.255',
  '128.0.0.0',
  '169.253.255.255',
  '169.255.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '192.0.1.255',
  '192.0.3.0',
  '192.31.196.1',
  '192.167.255.255',
  '192.169.0.0',
  '198.17.255.255',
  '198.20.0.0',
  '198.51.99.255',
  '203.0.112.255',
  '223.255.255.255',
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
  '2001:200::1',
  '2001:db7:ffff::1',
  '2001:db9::1',
  '2620:4f:8000::1',
  '3fff:1000::1',
  '2c0f:fb50:4003::1',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

describe('specialRangeOf', () => {
  it.each(refused)('refuses %s (%s)', (address, cidr) => {
    expect(specialRangeOf(address)?.cidr).toBe(cidr);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(allowed.map((a) => [a]))('allows %s', (address) => {
    expect(specialRangeOf(address)).toBeNull();
    expect(isPublicAddress(address)).toBe(true);
  });

  it('names the IPv6 form an IPv4 address was reached through', () => {
    expect(specialRangeOf('::ffff:127.0.0.1')?.name).toBe('loopback, as IPv4-mapped ::ffff:0:0/96');
    expect(specialRangeOf('64:ff9b::a00:1')?.name).toBe('private, as NAT64 well-known prefix 64:ff9b::/96');
    expect(specialRangeOf('169.254.169.254')?.name).toMatch(/metadata/);
  });

  it.each([['example.com'], [''], ['1.2.3'], ['127.1'], ['0x7f.0.0.1'], ['[::1]'], ['::g']])('fails closed on %j, which is no IP address', (text) => {
    expect(specialRangeOf(text)?.name).toBe('not an IP address');
  });
});

describe('hostRefusal of a URL host, after WHATWG parsing', () => {
  const hostOf = (url: string) => new URL(url).hostname;

  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://127.0.0.1./', '127.0.0.1'],
    ['http://１２７.０.０.１/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://[0:0:0:0:0:ffff:a9fe:a9fe]/', '[::ffff:a9fe:a9fe]'],
  ])('%s is parsed as %s and refused', (url, host) => {
    expect(hostOf(url)).toBe(host);
    expect(hostRefusal(hostOf(url))).not.toBeNull();
  });

  it.each([['localhost'], ['LOCALHOST'], ['localhost.'], ['localhost..'], ['api.localhost'], ['Api.LocalHost.'], ['printer.local'], ['router.home.arpa'], ['metadata.google.internal'], ['%6c%6fcalhost']])(
    'refuses the local name %s',
    (name) => {
      expect(hostRefusal(hostOf(`https://${name}/`))?.name).toBe('local host name');
    },
  );

  it.each([['hooks.example.com'], ['93.184.216.34'], ['[2606:4700::1111]'], ['localhost.example.com'], ['notlocalhost'], ['127.0.0.1.nip.io'], ['internal.example']])(
    'leaves %s to delivery (a public address, or a name to resolve then)',
    (host) => {
      expect(hostRefusal(hostOf(`https://${host}/`))).toBeNull();
    },
  );
});

describe('guardedLookup', () => {
  function resolverOf(answers: readonly LookupAddress[] | Error): HostResolver & { calls: string[] } {
    const calls: string[] = [];
    const resolve = async (hostname: string) => {
      calls.push(hostname);
      if (answers instanceof Error) throw answers;
      return answers;
    };
    return Object.assign(resolve, { calls });
  }

  function lookupWith(lookup: ReturnType<typeof guardedLookup>, options: LookupOptions): Promise<{ address: string | LookupAddress[]; family: number | undefined }> {
    return new Promise((resolve, reject) => {
      lookup('hooks.customer.test', options, (error, address, family) => (error ? reject(error) : resolve({ address, family })));
    });
  }

  it('answers the checked address, one or all, from a single resolution', async () => {
    const resolve = resolverOf([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
    const lookup = guardedLookup('refuse', resolve);
    expect(await lookupWith(lookup, {})).toEqual({ address: '93.184.216.34', family: 4 });
    expect(await lookupWith(lookup, { all: true })).toEqual({ address: [{ address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1::1', family: 6 }], family: undefined });
    expect(await lookupWith(lookup, { family: 6 })).toEqual({ address: '2606:2800:220:1::1', family: 6 });
    expect(resolve.calls).toEqual(['hooks.customer.test', 'hooks.customer.test', 'hooks.customer.test']);
  });

  it.each([
    [[{ address: '127.0.0.1', family: 4 }], '127.0.0.1'],
    [[{ address: '169.254.169.254', family: 4 }], '169.254.169.254'],
    [[{ address: '::ffff:10.0.0.1', family: 6 }], '::ffff:10.0.0.1'],
    [[{ address: 'fd00::1', family: 6 }], 'fd00::1'],
    [
      [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
      '10.0.0.7',
    ],
  ] as const)('refuses a name answering %j, whatever else it answers', async (answers, address) => {
    const lookup = guardedLookup('refuse', resolverOf(answers));
    for (const options of [{}, { all: true }]) {
      const error = await lookupWith(lookup, options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutboundAddressRefusedError);
      expect(error).toMatchObject({ hostname: 'hooks.customer.test', address });
    }
  });

  it('judges every answer, even of a family the connection would not use', async () => {
    const lookup = guardedLookup(
      'refuse',
      resolverOf([
        { address: '93.184.216.34', family: 4 },
        { address: '::1', family: 6 },
      ]),
    );
    await expect(lookupWith(lookup, { family: 4 })).rejects.toBeInstanceOf(OutboundAddressRefusedError);
  });

  it('lets private answers through when private addresses are allowed', async () => {
    expect(await lookupWith(guardedLookup('allow', resolverOf([{ address: '127.0.0.1', family: 4 }])), {})).toEqual({ address: '127.0.0.1', family: 4 });
  });

  it('passes resolver failures on, and says ENOTFOUND when no answer fits the family', async () => {
    const failure = Object.assign(new Error('getaddrinfo ENOTFOUND hooks.customer.test'), { code: 'ENOTFOUND' });
    await expect(lookupWith(guardedLookup('refuse', resolverOf(failure)), {})).rejects.toBe(failure);
    await expect(lookupWith(guardedLookup('refuse', resolverOf([{ address: '93.184.216.34', family: 4 }])), { family: 6 })).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(lookupWith(guardedLookup('refuse', resolverOf([])), {})).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});
