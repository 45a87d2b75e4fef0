import { checkReceiverUrl, isPrivateAddress } from './webhook-url';

describe('webhook receiver addresses', () => {
  it.each(['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1'])(
    '%s is private',
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );

  it.each(['8.8.8.8', '172.32.0.1', '2606:4700::1111'])('%s is public', (address) => expect(isPrivateAddress(address)).toBe(false));

  it('accepts public HTTPS and, only with the development flag, http://127.0.0.1', () => {
    expect(() => checkReceiverUrl('https://hooks.example.org/path', false)).not.toThrow();
    expect(() => checkReceiverUrl('http://127.0.0.1:9000/hook', false)).toThrow(/https/);
    expect(() => checkReceiverUrl('http://127.0.0.1:9000/hook', true)).not.toThrow();
    expect(() => checkReceiverUrl('https://user:pw@hooks.example.org/', false)).toThrow(/credentials/);
    expect(() => checkReceiverUrl('https://[::1]/x', false)).toThrow(/loopback/);
  });
});
