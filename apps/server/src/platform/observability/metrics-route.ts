import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { scrape } from './metrics.ts';

/**
 * GET /metrics, for Prometheus. The figures tell an outsider how busy the service is, which calls
 * fail and how many devices it runs, so the endpoint answers only a scraper that shows the token
 * (METRICS_TOKEN, as `Authorization: Bearer <token>`) or asks from an allowed address
 * (METRICS_ALLOW: IPs and CIDRs, comma-separated; loopback only by default; `none` for the token
 * alone). Anything else gets 403 and no figures. The address is the one the server believes
 * (TRUST_PROXY): behind a reverse proxy on the same host, every request comes from loopback
 * unless TRUST_PROXY names that proxy (docs/deployment/metrics.md).
 */

export const METRICS_PATH = '/metrics';
const DEFAULT_ALLOW = '127.0.0.1,::1';

export interface MetricsAccess {
  token?: string | undefined;
  /** METRICS_ALLOW as written; unset: loopback only. */
  allow?: string | undefined;
}

/** A METRICS_ALLOW list as a matcher; a malformed entry stops the server at start, named. */
export function parseAllowList(text: string | undefined): net.BlockList {
  const list = new net.BlockList();
  const value = (text ?? DEFAULT_ALLOW).trim();
  if (value.toLowerCase() === 'none') return list;
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = net.isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const max = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (bits !== undefined && (!/^\d{1,3}$/.test(prefix!) || bits > max)))
      throw new Error(`METRICS_ALLOW: "${entry}" is not an IP address or CIDR (e.g. 10.0.0.0/8, ::1)`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return list;
}

/** Whether the address is in the list; an IPv4 address seen as IPv6 (`::ffff:10.0.0.1`) is its IPv4 self. */
export function addressAllowed(list: net.BlockList, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  const family = net.isIP(address);
  if (!family) return false;
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The bearer token, compared in constant time (digests of equal length). */
function tokenMatches(expected: string | undefined, req: FastifyRequest): boolean {
  if (!expected) return false;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(String(req.headers.authorization ?? ''));
  return m !== null && timingSafeEqual(digest(m[1]!), digest(expected));
}

export function registerMetricsRoute(fastify: FastifyInstance, app: AppContext, access: MetricsAccess): void {
  const allowed = parseAllowList(access.allow);
  const token = access.token || undefined;
  fastify.get(METRICS_PATH, async (req, reply) => {
    if (!tokenMatches(token, req) && !addressAllowed(allowed, req.ip)) {
      return reply
        .code(403)
        .type('text/plain; charset=utf-8')
        .send('metrics: a bearer token (METRICS_TOKEN) or an allowed address (METRICS_ALLOW) is required\n');
    }
    const { contentType, body } = await scrape(app);
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}
