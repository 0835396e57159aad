/**
 * The visitor's address behind reverse proxies and CDNs, for rate limits and logs. TRUST_PROXY says whom to
 * believe: nobody (the default: the socket's peer is the client), a number of proxy hops in front of this
 * server, or a list of proxy addresses and CIDR ranges ("10.0.0.0/8, 127.0.0.1, ::1").
 */
import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'list'; list: BlockList; text: string };

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** "::ffff:10.0.0.1" (IPv4 on an IPv6 socket) is 10.0.0.1. */
function normalise(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, '');
  return trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

export function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim();
  if (!value || value === 'false' || value === '0') return { kind: 'none' };
  if (/^\d+$/.test(value)) return { kind: 'hops', hops: Number(value) };
  const list = new BlockList();
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    if (!family) throw new Error(`"${entry}" is not an IP address or CIDR range; write a hop count ("1") or addresses such as "10.0.0.0/8, ::1".`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else if (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32)) list.addSubnet(address, Number(prefix), type);
    else throw new Error(`"${entry}" has a prefix length that does not fit its address.`);
  }
  return { kind: 'list', list, text: value };
}

/** The client's address: the socket's peer, or the right X-Forwarded-For entry when proxies are trusted. */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  const peer = normalise(req.socket.remoteAddress ?? '');
  if (trust.kind === 'none') return peer || 'unknown';
  const header = [req.headers['x-forwarded-for'] ?? ''].flat().join(',');
  const forwarded = header
    .split(',')
    .map(normalise)
    .filter((a) => isIP(a) !== 0);
  // Nearest hop last: the chain as this server sees it.
  const chain = [...forwarded, peer];
  if (trust.kind === 'hops') return chain[Math.max(0, chain.length - 1 - trust.hops)] || 'unknown';
  let index = chain.length - 1;
  while (index > 0 && trust.list.check(chain[index]!, familyOf(chain[index]!))) index--;
  return chain[index] || 'unknown';
}
