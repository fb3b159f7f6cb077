import net from 'node:net';

/**
 * The unit the sign-in blocks and rate limits count by: an IPv4 address as it is, an IPv6 address
 * by its /64 (one household's or customer's network: a client holding a /64 has 2^64 addresses to
 * rotate through, one per attempt). IPv4 written as IPv6 (::ffff:a.b.c.d) is the IPv4 address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && net.isIPv4(mapped[1]!)) return mapped[1]!;
  if (!net.isIPv6(ip)) return ip;
  const bare = ip.split('%')[0]!.toLowerCase();
  const [head, tail] = bare.split('::') as [string, string | undefined];
  const first = head ? head.split(':') : [];
  const last = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? first
      : [...first, ...Array(Math.max(0, 8 - first.length - last.length)).fill('0'), ...last];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
