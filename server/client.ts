/**
 * Who a request comes from, for every limit that counts per client (connections, failed seals, RSA
 * work, codes). One function names a client however its address is written, and one decides when a
 * forwarded header may name it instead of the socket's peer: only when the peer is a proxy the
 * operator listed in TRUST_PROXY (behind a same-host proxy every client is loopback, so
 * "loopback" can never mean "trusted", and one client's failures must not lock out the rest).
 */
import { BlockList, isIP } from 'node:net';

/**
 * The key a client counts under: IPv4 as it is (IPv4-mapped IPv6 as its IPv4), IPv6 loopback (`::1`)
 * as `127.0.0.1`, the same machine; IPv6 by its first 64 bits (one subscriber is routinely handed a
 * whole /64 and could otherwise spread a flood over 2^64 addresses). Other 127/8 addresses stay
 * apart: only this machine can use them, and the attack tests play separate clients with them.
 * No address (a test's `app.request()`, which has no socket) is `local`.
 * @example clientKey('2001:db8::1') // '2001:db8:0:0::/64'
 * @example clientKey('::1') === clientKey('::ffff:127.0.0.1') // true: both are '127.0.0.1'
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'local';
  const bare = address.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!bare.includes(':')) return bare;
  const [head = '', tail] = bare.split('::');
  const part = (text: string) => (text ? text.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const groups = [...left, ...Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => '0'), ...right].map(
    (group) => Number.parseInt(group, 16) || 0,
  );
  if (groups.every((group, i) => group === (i === 7 ? 1 : 0))) return '127.0.0.1';
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The proxies allowed to name the client (TRUST_PROXY); none by default. */
export interface ProxyTrust {
  /** Whether a peer at this address is one of the listed proxies. */
  trusts(address: string | undefined): boolean;
  /** The setting as read, for the start-up line. */
  readonly description: string;
}

export const TRUST_NOBODY: ProxyTrust = { trusts: () => false, description: 'none' };

/**
 * TRUST_PROXY as a comma-separated list of addresses and CIDR ranges (`127.0.0.1`, `10.0.0.0/8`,
 * `fd00::/8`): the hops that may set X-Forwarded-For. Empty or unset trusts nobody. A malformed
 * entry throws, so a typo cannot silently trust nobody (or everybody).
 * @example parseTrustProxy('127.0.0.1, 10.0.0.0/8').trusts('10.1.2.3') // true
 */
export function parseTrustProxy(setting: string | undefined): ProxyTrust {
  const entries = (setting ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length) return TRUST_NOBODY;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (
      !family ||
      extra !== undefined ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > (family === 6 ? 128 : 32) ||
      (bits !== undefined && !/^\d+$/.test(bits))
    ) {
      throw new Error(`TRUST_PROXY: "${entry}" is not an IP address or CIDR range (e.g. 127.0.0.1, 10.0.0.0/8, fd00::/8)`);
    }
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  const matches = (address: string) => {
    const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
    const plain = mapped ? mapped[1]! : address.split('%')[0]!;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
  return { trusts: (address) => !!address && matches(address), description: entries.join(', ') };
}

/**
 * The client's address: the socket's peer, unless the peer is a trusted proxy; then the right-most
 * X-Forwarded-For hop that is not itself a trusted proxy (hops further left were written by the
 * client and prove nothing). Hops are read with ports, IPv6 brackets and spaces (a proxy
 * that wrote `addr:port` once made every client the proxy itself, and after one client's 20 bad seals
 * another got 429). A hop that is not an address ends the walk: the client is then the last address
 * read, the one that handed that hop on, which is the peer only when the proxy in front wrote what
 * cannot be read. A chain of listed proxies only ends at its left-most: a client inside their range.
 * @example clientAddress('127.0.0.1', '198.51.100.4, 127.0.0.1', parseTrustProxy('127.0.0.1')) // '198.51.100.4'
 * @example clientAddress('127.0.0.1', '[2001:db8::1]:443', parseTrustProxy('127.0.0.1')) // '2001:db8::1'
 * @example clientAddress('198.51.100.4', '10.0.0.1', TRUST_NOBODY) // '198.51.100.4'
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trust: ProxyTrust): string | undefined {
  if (!trust.trusts(peer) || !forwardedFor) return peer;
  let sender = peer;
  const hops = forwardedFor.split(',');
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = forwardedAddress(hops[i]!);
    if (!hop) return sender;
    if (!trust.trusts(hop)) return hop;
    sender = hop;
  }
  return sender;
}

/**
 * One X-Forwarded-For entry as the address in it, or undefined: proxies write `203.0.113.7`, with a
 * port (`203.0.113.7:4711`), IPv6 bare (`2001:db8::1`) or in brackets with or without a port
 * (`[2001:db8::1]:443`, `[2001:db8::1]`), with spaces around; `unknown`, a name or an empty entry is none.
 * @example forwardedAddress(' [2001:db8::1]:443 ') // '2001:db8::1'
 */
export function forwardedAddress(entry: string): string | undefined {
  const text = entry.trim();
  const bracketed = /^\[([^\]]*)\](?::(\d{1,5}))?$/.exec(text);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):(\d{1,5})$/.exec(text);
  const [address, port] = bracketed ? [bracketed[1]!, bracketed[2]] : withPort ? [withPort[1]!, withPort[2]] : [text, undefined];
  if (port !== undefined && Number(port) > 65_535) return undefined;
  const family = isIP(address.split('%')[0]!);
  // Brackets hold IPv6 only. A port after bare IPv6 cannot be told from its last group (`2001:db8::1:443`
  // is an address too), so such an entry is taken as written: a proxy that adds ports brackets IPv6.
  return family === 6 || (family === 4 && !bracketed) ? address : undefined;
}
