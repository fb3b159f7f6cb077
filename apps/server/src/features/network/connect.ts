import { Resolver } from 'node:dns/promises';
import net from 'node:net';
import { runCommand } from '../../platform/host/config-set.ts';
import { type DefaultRoute, type LiveInterface, readDefaultRoutes } from './live.ts';
import { addressDev, type NetworkDoc } from './model.ts';

/**
 * Connectivity tab (`connect`): link state, gateway ping, a name lookup and an internet check, each
 * with a time-out. Results are what happened: `ok` is null when a check could not run (no ping
 * binary, no gateway), never a guess.
 */

export interface CheckResult {
  ok: boolean | null;
  target: string;
  ms: number | null;
  detail: string;
}

export interface Connectivity {
  link: CheckResult;
  gateway_ping: CheckResult;
  dns_resolve: CheckResult & { addresses: string[] };
  internet: CheckResult;
}

/** A public resolver reached over TCP when names do not resolve: tells "no DNS" from "no route". */
const FALLBACK_TARGET = { host: '223.5.5.5', port: 53 };

/** `ping -c 1` output's round-trip time, or null. */
export function parsePingMs(output: string): number | null {
  const m = /time[=<]([\d.]+)\s*ms/.exec(output);
  return m ? Number(m[1]) : null;
}

function linkCheck(doc: NetworkDoc, live: LiveInterface[], route: DefaultRoute | undefined): CheckResult {
  const wans = Object.entries(doc.interfaces)
    .filter(([, c]) => c.role === 'wan' && c.enabled)
    .map(([n, c]) => addressDev(n, c));
  const devs = wans.length ? wans : route?.dev ? [route.dev] : [];
  if (!devs.length)
    return {
      ok: null,
      target: '',
      ms: null,
      detail: 'No WAN interface is set and there is no default route',
    };
  const states = devs.map((d) => {
    const l = live.find((x) => x.name === d);
    if (!l) return { d, up: false, text: `${d}: not present on this host` };
    const up = l.operstate === 'up' || (l.operstate === 'unknown' && l.carrier === 1);
    const speed = l.speed ? `, ${l.speed} Mb/s` : '';
    return {
      d,
      up,
      text: `${d}: ${l.operstate}${l.carrier === null ? '' : `, carrier ${l.carrier}`}${speed}`,
    };
  });
  return {
    ok: states.some((s) => s.up),
    target: devs.join(', '),
    ms: null,
    detail: states.map((s) => s.text).join('; '),
  };
}

async function pingCheck(gateway: string | null): Promise<CheckResult> {
  if (!gateway) return { ok: null, target: '', ms: null, detail: 'No default gateway to ping' };
  const started = Date.now();
  const r = await runCommand('ping', ['-c', '1', '-W', '2', '--', gateway], 5000);
  if (!r.ok && r.output.includes('not installed'))
    return { ok: null, target: gateway, ms: null, detail: 'ping is not installed on this host: not tested' };
  return {
    ok: r.ok,
    target: gateway,
    ms: r.ok ? (parsePingMs(r.output) ?? Date.now() - started) : null,
    detail: r.ok ? 'reply received' : r.output.split('\n').slice(-2).join(' ').slice(0, 200) || 'no reply',
  };
}

async function dnsCheck(host: string): Promise<CheckResult & { addresses: string[] }> {
  const resolver = new Resolver({ timeout: 3000, tries: 1 });
  const started = Date.now();
  try {
    const addresses = await resolver.resolve4(host);
    return {
      ok: true,
      target: host,
      ms: Date.now() - started,
      detail: `${addresses.length} address(es)`,
      addresses,
    };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    return { ok: false, target: host, ms: null, detail: `lookup failed: ${code}`, addresses: [] };
  }
}

function tcpCheck(host: string, port: number, timeoutMs = 3000): Promise<CheckResult> {
  const started = Date.now();
  const target = `${host}:${port}`;
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (r: CheckResult) => {
      socket.destroy();
      resolve(r);
    };
    socket.setTimeout(timeoutMs, () =>
      done({ ok: false, target, ms: null, detail: `no answer within ${timeoutMs / 1000} s` }),
    );
    socket.once('connect', () =>
      done({ ok: true, target, ms: Date.now() - started, detail: 'TCP connection made' }),
    );
    socket.once('error', (e: NodeJS.ErrnoException) =>
      done({ ok: false, target, ms: null, detail: `TCP connection failed: ${e.code ?? e.message}` }),
    );
  });
}

export async function checkConnectivity(
  doc: NetworkDoc,
  live: LiveInterface[],
  host: string,
): Promise<Connectivity> {
  const routes = (await readDefaultRoutes()) ?? [];
  const route = routes[0];
  const staticGw = Object.values(doc.interfaces).find((c) => c.role === 'wan' && c.gateway)?.gateway ?? null;
  const gateway = route?.gateway ?? staticGw;
  const [gatewayPing, dns] = await Promise.all([pingCheck(gateway), dnsCheck(host)]);
  const internet = dns.addresses[0]
    ? await tcpCheck(dns.addresses[0], 443)
    : await tcpCheck(FALLBACK_TARGET.host, FALLBACK_TARGET.port);
  return { link: linkCheck(doc, live, route), gateway_ping: gatewayPing, dns_resolve: dns, internet };
}
