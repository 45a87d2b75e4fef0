import { checkReceiverUrl, ReceiverUrlError } from '@disc/webhooks';
import type { ResolvedAddress } from '@disc/webhooks';

const resolvesTo =
  (...addresses: string[]) =>
  async (): Promise<ResolvedAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function refusal(url: string, policy: Parameters<typeof checkReceiverUrl>[1] = {}): Promise<ReceiverUrlError> {
  try {
    await checkReceiverUrl(url, policy);
  } catch (error) {
    if (error instanceof ReceiverUrlError) return error;
    throw error;
  }
  throw new Error(`${url} was accepted`);
}

describe('checkReceiverUrl', () => {
  it('accepts https to a public address and returns the addresses to pin', async () => {
    const checked = await checkReceiverUrl('https://hooks.example.com/in', {
      lookup: resolvesTo('93.184.216.34', '2606:2800:220:1::1'),
    });
    expect(checked.url.hostname).toBe('hooks.example.com');
    expect(checked.addresses.map((entry) => entry.address)).toEqual(['93.184.216.34', '2606:2800:220:1::1']);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['169.254.1.1', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::169.254.169.254', 'metadata'],
    ['::127.0.0.1', 'loopback'],
    ['::10.0.0.1', 'private'],
    ['::8.8.8.8', 'ipv4Compatible'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'private'], // Teredo client 10.0.0.1
  ])('refuses a host resolving to %s (%s)', async (address, range) => {
    const error = await refusal('https://hooks.example.com/', { lookup: resolvesTo('93.184.216.34', address) });
    expect(error.code).toBe('ADDRESS_NOT_ALLOWED');
    expect(error.context).toMatchObject({ address, range });
  });

  it.each([
    'https://[::169.254.169.254]/',
    'https://[::127.0.0.1]/',
    'https://[::10.0.0.1]/',
    'https://[64:ff9b::7f00:1]/',
    'https://[2002:a00:1::1]/',
  ])(
    'refuses the IPv6 literal %s, which embeds a non-public IPv4 address, even with the development flag',
    async (url) => {
      const error = await refusal(url, { allowLoopback: true });
      expect(error.code).toBe('ADDRESS_NOT_ALLOWED');
      expect(error.message).toContain('embedded as');
    },
  );

  it('refuses IP literals in the URL without asking DNS', async () => {
    const lookup = jest.fn(resolvesTo('93.184.216.34'));
    expect((await refusal('https://10.0.0.8/hook', { lookup })).context.range).toBe('private');
    expect((await refusal('https://[::1]:8443/hook', { lookup })).context.range).toBe('loopback');
    expect(lookup).not.toHaveBeenCalled();
  });

  it('names the refused range with the right article ("an unspecified address")', async () => {
    expect((await refusal('https://0.0.0.0/hook')).message).toContain('resolves to 0.0.0.0, an unspecified address;');
    expect((await refusal('https://10.0.0.8/hook')).message).toContain('resolves to 10.0.0.8, a private address;');
  });

  it('refuses 127.0.0.1 without the development flag, and allows it (http too) with it', async () => {
    const error = await refusal('https://127.0.0.1:8443/hook');
    expect(error.code).toBe('ADDRESS_NOT_ALLOWED');
    expect(error.message).toContain('DISCOVERY_ALLOW_LOOPBACK_WEBHOOKS');
    expect((await refusal('http://127.0.0.1:3000/hook')).code).toBe('SCHEME_NOT_ALLOWED');
    const allowed = await checkReceiverUrl('http://127.0.0.1:3000/hook', { allowLoopback: true });
    expect(allowed.addresses).toEqual([{ address: '127.0.0.1', family: 4 }]);
    const named = await checkReceiverUrl('http://localhost:3000/hook', {
      allowLoopback: true,
      lookup: resolvesTo('127.0.0.1', '::1'),
    });
    expect(named.addresses).toHaveLength(2);
  });

  it('keeps refusing private and metadata addresses with the development flag', async () => {
    expect((await refusal('https://192.168.0.10/', { allowLoopback: true })).code).toBe('ADDRESS_NOT_ALLOWED');
    expect((await refusal('http://169.254.169.254/latest/meta-data', { allowLoopback: true })).context.range).toBe(
      'metadata',
    );
  });

  it('allows plain http only when every address is loopback', async () => {
    const error = await refusal('http://mixed.example/', {
      allowLoopback: true,
      lookup: resolvesTo('127.0.0.1', '93.184.216.34'),
    });
    expect(error.code).toBe('SCHEME_NOT_ALLOWED');
    expect((await refusal('http://hooks.example.com/', { lookup: resolvesTo('93.184.216.34') })).code).toBe(
      'SCHEME_NOT_ALLOWED',
    );
  });

  it('refuses what is not an http(s) URL, and hosts that do not resolve', async () => {
    for (const url of ['hooks.example.com/in', 'ftp://hooks.example.com/', 'javascript:alert(1)', '']) {
      expect((await refusal(url)).code).toBe('INVALID_URL');
    }
    const failing = async (): Promise<ResolvedAddress[]> => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect((await refusal('https://nowhere.invalid/', { lookup: failing })).code).toBe('UNRESOLVABLE_HOST');
    expect((await refusal('https://empty.example/', { lookup: resolvesTo() })).code).toBe('UNRESOLVABLE_HOST');
  });
});
