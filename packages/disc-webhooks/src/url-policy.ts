import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { ReceiverUrlError } from './errors';

/** One resolved address, as `dns.lookup(host, { all: true })` returns it. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type HostLookup = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface ReceiverUrlPolicy {
  /** Development only (`DISCOVERY_ALLOW_LOOPBACK_WEBHOOKS=true`): allow loopback receivers,
   * over plain http too. Private, link-local and metadata addresses stay refused. */
  allowLoopback?: boolean;
  /** Resolves a host name; defaults to the system resolver (`dns.lookup`, all addresses). */
  lookup?: HostLookup;
}

export interface CheckedReceiverUrl {
  url: URL;
  /** The addresses that passed the check; a sender pins them, so a DNS answer that changes
   * between the check and the connection (DNS rebinding) is never used. */
  addresses: ResolvedAddress[];
}

// Cloud instance-metadata endpoints (AWS, GCP, Azure, OpenStack use 169.254.169.254; AWS
// also fd00:ec2::254). Both are inside refused ranges already; named for clearer errors.
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254']);

const RANGE_NAMES: Record<string, string> = {
  loopback: 'loopback',
  private: 'private',
  uniqueLocal: 'private (unique local)',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  carrierGradeNat: 'carrier-grade NAT (100.64.0.0/10)',
  multicast: 'multicast',
  broadcast: 'broadcast',
};

export const defaultHostLookup: HostLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * Checks that a webhook receiver URL is HTTPS and that every address its host resolves to
 * is public unicast. Throws `ReceiverUrlError`; returns the URL and the checked addresses.
 */
export async function checkReceiverUrl(raw: string, policy: ReceiverUrlPolicy = {}): Promise<CheckedReceiverUrl> {
  const url = parseUrl(raw);
  if (url.protocol === 'http:' && policy.allowLoopback !== true) throw schemeNotAllowed(url, raw);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = ipaddr.isValid(hostname)
    ? [{ address: hostname, family: ipaddr.parse(hostname).kind() === 'ipv6' ? 6 : 4 } as const]
    : await resolve(hostname, raw, policy.lookup ?? defaultHostLookup);

  const ranges = addresses.map((entry) => ({
    entry,
    range: classify(entry.address),
    embedded: embeddedIpv4(entry.address),
  }));
  const allLoopback = ranges.every(({ range }) => range === 'loopback');
  for (const { entry, range, embedded } of ranges) {
    // The development flag allows loopback itself, never loopback tunnelled in IPv6.
    if (range === 'unicast' || (range === 'loopback' && embedded === undefined && policy.allowLoopback === true))
      continue;
    const base = RANGE_NAMES[range] ?? `special-purpose (${range})`;
    const name = embedded === undefined ? base : `${base} (IPv4 ${embedded.ipv4} embedded as ${embedded.form})`;
    const hint = range === 'loopback' ? ' Set DISCOVERY_ALLOW_LOOPBACK_WEBHOOKS=true for local development.' : '';
    throw new ReceiverUrlError(
      'ADDRESS_NOT_ALLOWED',
      `The receiver ${url.host} resolves to ${entry.address}, ${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name} address; webhooks are only sent to public addresses.${hint}`,
      { url: raw, address: entry.address, range },
    );
  }
  if (url.protocol === 'http:' && !allLoopback) throw schemeNotAllowed(url, raw);
  return { url, addresses: [...addresses] };
}

/** ipaddr.js's range name, with IPv6 forms that carry an IPv4 address (IPv4-mapped
 * ::ffff:10.0.0.1, IPv4-compatible ::10.0.0.1, NAT64 64:ff9b::a00:1, 6to4 2002:a00:1::,
 * Teredo 2001:0::) judged as the IPv4 address they carry when that one is not public, and
 * metadata endpoints singled out. An IPv4-compatible address of a public IPv4 is still
 * refused (`ipv4Compatible`, deprecated by RFC 4291); NAT64, 6to4 and Teredo keep their
 * special-purpose range names and are refused too. */
export function classify(address: string): string {
  const parsed = ipaddr.process(canonical(address));
  if (METADATA_ADDRESSES.has(parsed.toNormalizedString()) || METADATA_ADDRESSES.has(parsed.toString()))
    return 'metadata';
  const embedded = embeddedIpv4(address);
  if (embedded !== undefined) {
    const inner = classify(embedded.ipv4);
    if (inner !== 'unicast') return inner;
    if (embedded.form === 'IPv4-compatible') return 'ipv4Compatible';
  }
  return parsed.range();
}

/** Without zone id, and IPv6 in hexadecimal form: ipaddr.js reads the dotted tail of
 * `::10.0.0.1` as IPv4-mapped (`::ffff:10.0.0.1`), the WHATWG URL parser does not. */
function canonical(address: string): string {
  const bare = address.replace(/%.*$/, '');
  if (!bare.includes(':') || !bare.includes('.')) return bare;
  try {
    return new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  } catch {
    return bare;
  }
}

interface EmbeddedIpv4 {
  ipv4: string;
  form: 'IPv4-compatible' | 'NAT64' | '6to4' | 'Teredo';
}

/** The IPv4 address an IPv6 address carries in one of the transition forms (IPv4-mapped is
 * turned into plain IPv4 by ipaddr.process already). */
function embeddedIpv4(address: string): EmbeddedIpv4 | undefined {
  const bare = canonical(address);
  if (!ipaddr.IPv6.isValid(bare)) return undefined;
  const ip = ipaddr.IPv6.parse(bare);
  if (ip.isIPv4MappedAddress()) return undefined;
  const b = ip.toByteArray();
  const v4 = (bytes: number[]): string => bytes.join('.');
  const zeros = (from: number, to: number): boolean => b.slice(from, to).every((x) => x === 0);
  // ::a.b.c.d, except :: and ::1 (unspecified and loopback in their own right).
  if (zeros(0, 12) && !zeros(12, 15)) return { ipv4: v4(b.slice(12, 16)), form: 'IPv4-compatible' };
  if (ip.match(ipaddr.IPv6.parse('64:ff9b::'), 96)) return { ipv4: v4(b.slice(12, 16)), form: 'NAT64' };
  if (ip.match(ipaddr.IPv6.parse('2002::'), 16)) return { ipv4: v4(b.slice(2, 6)), form: '6to4' };
  if (ip.match(ipaddr.IPv6.parse('2001::'), 32))
    return { ipv4: v4(b.slice(12, 16).map((x) => x ^ 0xff)), form: 'Teredo' };
  return undefined;
}

function parseUrl(raw: string): URL {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new TypeError(`unsupported protocol ${url.protocol}`);
    return url;
  } catch (cause) {
    throw new ReceiverUrlError('INVALID_URL', `"${raw}" is not an absolute https:// URL.`, { url: raw, cause });
  }
}

function schemeNotAllowed(url: URL, raw: string): ReceiverUrlError {
  return new ReceiverUrlError(
    'SCHEME_NOT_ALLOWED',
    `The receiver URL must use https (got ${url.protocol.slice(0, -1)}); plain http is only allowed for loopback receivers in development.`,
    { url: raw },
  );
}

async function resolve(hostname: string, raw: string, lookup: HostLookup): Promise<readonly ResolvedAddress[]> {
  let addresses: readonly ResolvedAddress[];
  try {
    addresses = await lookup(hostname);
  } catch (cause) {
    throw new ReceiverUrlError('UNRESOLVABLE_HOST', `The receiver host ${hostname} does not resolve; check the URL.`, {
      url: raw,
      cause,
    });
  }
  if (addresses.length === 0) {
    throw new ReceiverUrlError('UNRESOLVABLE_HOST', `The receiver host ${hostname} has no addresses.`, { url: raw });
  }
  return addresses;
}
