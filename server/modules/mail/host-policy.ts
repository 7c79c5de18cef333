import dns from 'node:dns/promises';
import net from 'node:net';
import { isInternalAddress } from '../data-interface/upstream-policy';

/**
 * Where a person's mail account may make the server connect (SSRF): any public address; an
 * address inside the network (loopback, private, link-local…) only for the hosts the operator
 * lists in MAIL_INTERNAL_HOSTS (a company's own mail server). Checked before every connection
 * (testing an account, receiving, sending), so a host that resolves inside the
 * network later is refused then too.
 *
 * Set once per process from the configuration when the mail module starts.
 */
let internalHosts = new Set<string>();

export function allowInternalMailHosts(hosts: readonly string[]): void {
  internalHosts = new Set(hosts.map((h) => h.trim().toLowerCase()).filter(Boolean));
}

/** A refusal a mail failure names (mail-errors.ts maps it to its message). */
export class MailHostRefused extends Error {
  readonly code = 'MAIL_INTERNAL_HOST';
  constructor(readonly host: string) {
    super(`mail host ${host} is inside the network`);
  }
}

/** Throws MailHostRefused when `host` is or resolves to an internal address and is not listed. */
export async function assertMailHostAllowed(host: string): Promise<void> {
  const name = host.trim().toLowerCase();
  if (internalHosts.has(name)) return;
  let addresses: string[];
  if (net.isIP(name.replace(/^\[|\]$/g, ''))) addresses = [name.replace(/^\[|\]$/g, '')];
  else {
    try {
      addresses = (await dns.lookup(name, { all: true })).map((a) => a.address);
    } catch {
      return; // not found: the connection reports it as such
    }
  }
  if (addresses.some(isInternalAddress)) throw new MailHostRefused(host);
}
