import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/http/errors';
import { invalidAllowListEntries, isInternalAddress, UpstreamPolicy } from '../../server/modules/data-interface/upstream-policy';

/** The allow-list of HTTP data interfaces and the addresses never reached unless named (server/modules/data-interface/upstream-policy.ts). */
const refusal = (policy: UpstreamPolicy, url: string): string | null => {
  try {
    policy.checkUrl(new URL(url));
    return null;
  } catch (error) {
    return (error as AppError).key;
  }
};

describe('internal addresses', () => {
  it('knows loopback, private, link-local, shared, reserved and mapped addresses, in both families', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', 'fc12::3', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::a9fe:a9fe'])
      expect(isInternalAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700::1111', '2001:4860:4860::8888']) expect(isInternalAddress(a), a).toBe(false);
  });
});

describe('the allow-list', () => {
  it('allows nothing while empty', () => {
    expect(refusal(new UpstreamPolicy(''), 'https://api.example.com/x')).toBe('dataInterface.upstreamNoneAllowed');
  });

  it('matches hosts (any port unless one is given) and address prefixes by whole path segments', () => {
    const policy = new UpstreamPolicy('api.example.com\nerp.example.com:8443, https://data.example.com/v1 http://old.example.com/api/');
    expect(refusal(policy, 'https://api.example.com/anything?q=1')).toBeNull();
    expect(refusal(policy, 'http://api.example.com:8080/')).toBeNull();
    expect(refusal(policy, 'https://API.EXAMPLE.COM/x')).toBeNull();
    expect(refusal(policy, 'https://api.example.com.evil.test/')).toBe('dataInterface.upstreamNotAllowed');
    expect(refusal(policy, 'https://erp.example.com:8443/x')).toBeNull();
    expect(refusal(policy, 'https://erp.example.com/x')).toBe('dataInterface.upstreamNotAllowed');
    expect(refusal(policy, 'https://data.example.com/v1')).toBeNull();
    expect(refusal(policy, 'https://data.example.com/v1/rows?x=1')).toBeNull();
    expect(refusal(policy, 'https://data.example.com/v10')).toBe('dataInterface.upstreamNotAllowed');
    expect(refusal(policy, 'http://data.example.com/v1')).toBe('dataInterface.upstreamNotAllowed');
    expect(refusal(policy, 'http://old.example.com/api/list')).toBeNull();
    expect(refusal(policy, 'http://old.example.com/apis')).toBe('dataInterface.upstreamNotAllowed');
    expect(refusal(policy, 'ftp://api.example.com/')).toBe('dataInterface.urlInvalid');
  });

  it('refuses internal addresses unless the list names the address itself, whichever way it is written', () => {
    const byName = new UpstreamPolicy('localhost 169.254.169.254.nip.test');
    expect(() => byName.checkAddress('localhost', '127.0.0.1')).toThrow(AppError);
    const named = new UpstreamPolicy('127.0.0.1:9000\nhttp://[::1]:9001/\n10.0.0.5');
    expect(refusal(named, 'http://127.0.0.1:9000/x')).toBeNull();
    expect(refusal(named, 'http://2130706433:9000/x')).toBeNull(); // the same address in decimal
    expect(refusal(named, 'http://127.0.0.1:9002/x')).toBe('dataInterface.upstreamNotAllowed');
    expect(refusal(named, 'http://[::1]:9001/x')).toBeNull();
    expect(() => named.checkAddress('erp.internal', '10.0.0.5')).not.toThrow();
    expect(() => named.checkAddress('erp.internal', '10.0.0.6')).toThrow(AppError);
    expect(() => named.checkAddress('api.example.com', '93.184.216.34')).not.toThrow();
  });

  it('tells which entries it cannot read', () => {
    expect(invalidAllowListEntries('api.example.com, https://x.example.com/a/\n10.0.0.5:80 [::1]:8080')).toEqual([]);
    expect(invalidAllowListEntries('ftp://x.example.com https://u:p@x.example.com/ https://x.example.com/?q=1 *.example.com a/b')).toEqual([
      'ftp://x.example.com', 'https://u:p@x.example.com/', 'https://x.example.com/?q=1', '*.example.com', 'a/b',
    ]);
  });
});
