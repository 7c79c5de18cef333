import net from 'node:net';
import { refuse } from '../../http/errors';

/**
 * Where HTTP data interfaces may call (issue 9 item 2, SSRF): the administrator's list of
 * allowed upstream addresses (system configuration `dataInterfaceAllowedAddresses`), checked
 * for every request and every redirect, and the addresses a host name resolves to, checked
 * when the connection is made (upstream-call.ts). An empty list allows nothing.
 *
 * Entries, one per line (commas and spaces separate too):
 * - `host` or `host:port` — any path on that host (any port when none is given);
 * - `http://host[:port]/prefix` or `https://…` — addresses under that prefix (whole path
 *   segments: `/v1` allows `/v1` and `/v1/x`, not `/v10`).
 * Loopback, private, link-local and other non-public addresses are refused even for an allowed
 * host, unless the address itself is written in the list (`127.0.0.1:8080`, `http://10.0.0.5/api/`):
 * an allowed name that resolves inside the network (DNS rebinding, a typo) reaches nothing there.
 */
type Entry = { kind: 'host'; hostname: string; port: string | null } | { kind: 'prefix'; href: string; protocol: string; host: string };

const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::(\d{1,5}))?$/i;

/** The list's entries as written: split on lines, commas and spaces. */
export function allowListEntries(text: string): string[] {
  return text.split(/[\s,]+/).map((e) => e.trim()).filter(Boolean);
}

function parseEntry(entry: string): Entry | null {
  if (/^https?:\/\//i.test(entry)) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return null;
    }
    if (url.username || url.password || url.search || url.hash) return null;
    return { kind: 'prefix', href: url.href, protocol: url.protocol, host: url.host };
  }
  const m = HOST.exec(entry);
  if (!m) return null;
  let hostname: string;
  try {
    hostname = new URL(`http://${m[1]}`).hostname; // the same normal form as a request's URL
  } catch {
    return null;
  }
  return { kind: 'host', hostname, port: m[2] ?? null };
}

/** The entries of an allow-list text that cannot be read (shown when the administrator saves it). */
export function invalidAllowListEntries(text: string): string[] {
  return allowListEntries(text).filter((e) => parseEntry(e) === null);
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');
const familyOf = (address: string): 'ipv4' | 'ipv6' => (net.isIP(address) === 6 ? 'ipv6' : 'ipv4');
const defaultPort = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/**
 * Addresses that are not on the public internet: loopback, private, link-local, shared, reserved,
 * multicast, documentation, and IPv4 inside IPv6 (mapped, NAT64). One list per family: a
 * BlockList checks IPv4 addresses against IPv6 rules too, as mapped addresses, and the IPv6
 * rule for mapped addresses would then hold every IPv4 address.
 */
const INTERNAL = (() => {
  const v4 = new net.BlockList();
  for (const [prefix, bits] of [
    ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24],
    ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
  ] as const) v4.addSubnet(prefix, bits, 'ipv4');
  const v6 = new net.BlockList();
  for (const [prefix, bits] of [
    ['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
  ] as const) v6.addSubnet(prefix, bits, 'ipv6');
  return { ipv4: v4, ipv6: v6 };
})();

export function isInternalAddress(address: string): boolean {
  const family = familyOf(address);
  return INTERNAL[family].check(address, family);
}

export class UpstreamPolicy {
  private readonly entries: Entry[];
  /** Internal addresses written in the list: the administrator asked for these. */
  private readonly named = new net.BlockList();

  constructor(text: string) {
    this.entries = allowListEntries(text).map(parseEntry).filter((e): e is Entry => e !== null);
    for (const e of this.entries) {
      const host = bare(e.kind === 'host' ? e.hostname : new URL(e.href).hostname);
      if (net.isIP(host)) this.named.addAddress(host, familyOf(host));
    }
  }

  /** Refuses a URL (the first call or a redirect's target) that no entry allows. */
  checkUrl(url: URL): void {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('dataInterface.urlInvalid');
    if (!this.entries.length) throw refuse('dataInterface.upstreamNoneAllowed');
    if (!this.entries.some((e) => this.allows(e, url))) throw refuse('dataInterface.upstreamNotAllowed', { host: url.host });
    const host = bare(url.hostname);
    if (net.isIP(host)) this.checkAddress(url.host, host);
  }

  /** Refuses an internal address the list does not name (`host` is what the message shows). */
  checkAddress(host: string, address: string): void {
    if (isInternalAddress(address) && !this.named.check(address, familyOf(address))) throw refuse('dataInterface.upstreamPrivate', { host, address });
  }

  private allows(entry: Entry, url: URL): boolean {
    if (entry.kind === 'host') return url.hostname === entry.hostname && (entry.port === null || defaultPort(url) === entry.port);
    if (url.protocol !== entry.protocol || url.host !== entry.host) return false;
    const href = url.href;
    if (!href.startsWith(entry.href)) return false;
    return href.length === entry.href.length || entry.href.endsWith('/') || '/?#'.includes(href[entry.href.length]!);
  }
}
