// Every request the server makes to an address it did not choose (a token's metadata, a push
// service) goes through these rules: https only, the public internet only (checked on the address
// actually connected to, so a name that resolves differently a moment later cannot slip through),
// a time limit and a size limit. On a laptop (`allowPrivate`), local test servers are fine.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import https from 'node:https';
import http from 'node:http';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Loopback, private, link-local and other non-public ranges the server must never call. */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is outside the public internet (IPv4-mapped IPv6 addresses included). */
export function isPrivateAddress(address: string): boolean {
  const v4 = mappedIpv4(address);
  if (v4) return NOT_PUBLIC.check(v4, 'ipv4');
  return NOT_PUBLIC.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** Whether a URL's host is, or resolves to, a non-public address. */
export async function isPrivateEndpoint(endpoint: string): Promise<boolean> {
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host)) return isPrivateAddress(host);
  const addresses = await new Promise<LookupAddress[]>((resolve) => dnsLookup(host, { all: true }, (err, found) => resolve(err ? [] : found)));
  return !addresses.length || addresses.some((a) => isPrivateAddress(a.address));
}

/** The IPv4 address inside an IPv4-mapped IPv6 one (::ffff:127.0.0.1, or ::ffff:7f00:1 as URLs write it). */
function mappedIpv4(address: string): string | undefined {
  const m = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!m) return undefined;
  if (m[1]) return m[1];
  const hi = parseInt(m[2]!, 16);
  const lo = parseInt(m[3]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Why an outbound fetch gave up (a message for the logs, never for users). */
export class OutboundError extends Error {}

export interface OutboundOptions {
  /** Largest answer taken, in bytes. */
  maxBytes: number;
  /** Give up after this long, connection and body included (default 5 s). */
  timeoutMs?: number;
  /** Local addresses and plain http allowed (a laptop or a test); never on a public server. */
  allowPrivate?: boolean;
  /** Redirects followed, each checked like the first address (default 3). */
  maxRedirects?: number;
  /** Sent as `Accept`. */
  accept?: string;
}

/** Connects only to public addresses: the check is on the address the socket is opened to. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad || !list.length) return callback(new OutboundError(`${hostname} is not on the public internet`), '', 4);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

/** GETs `url` under the outbound rules; the body as bytes and its content type. */
export async function fetchOutbound(url: string, o: OutboundOptions): Promise<{ body: Buffer; contentType: string }> {
  const deadline = AbortSignal.timeout(o.timeoutMs ?? 5000);
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    if (target.protocol !== 'https:' && !(o.allowPrivate && target.protocol === 'http:')) throw new OutboundError('only https addresses are fetched');
    if (target.username || target.password) throw new OutboundError('addresses with credentials are not fetched');
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!o.allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isPrivateAddress(host)))) {
      throw new OutboundError(`${host} is not on the public internet`);
    }
    const res = await get(target, o, deadline);
    if (res.status >= 300 && res.status < 400 && res.location) {
      if (hop >= (o.maxRedirects ?? 3)) throw new OutboundError('too many redirects');
      target = new URL(res.location, target);
      continue;
    }
    if (res.status !== 200) throw new OutboundError(`answered ${res.status}`);
    return { body: res.body, contentType: res.contentType };
  }
}

function get(url: URL, o: OutboundOptions, signal: AbortSignal): Promise<{ status: number; location?: string | undefined; body: Buffer; contentType: string }> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.get(
      url,
      {
        signal,
        headers: { accept: o.accept ?? '*/*', 'user-agent': 'Glint' },
        ...(o.allowPrivate ? {} : { lookup: publicLookup }),
        // A keep-alive pool would reuse a socket checked for another name: every fetch connects anew.
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve({ status, location: res.headers.location, body: Buffer.alloc(0), contentType: '' });
        }
        if (Number(res.headers['content-length'] ?? 0) > o.maxBytes) {
          res.destroy();
          return reject(new OutboundError('the answer is too large'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (d: Buffer) => {
          size += d.length;
          if (size > o.maxBytes) {
            res.destroy();
            reject(new OutboundError('the answer is too large'));
          } else chunks.push(d);
        });
        res.on('end', () => resolve({ status, body: Buffer.concat(chunks), contentType: String(res.headers['content-type'] ?? '') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}
