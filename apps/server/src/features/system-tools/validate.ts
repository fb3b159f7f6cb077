import net from 'node:net';
import type { FieldError, Lang } from '@igs/contract';
import { listText, say } from '@igs/contract';

/**
 * The checks of system/SystemTools input (DOMAIN 2.9). Nothing the user typed reaches a program
 * before passing here, and programs never see a shell: these rules keep a host from being read as
 * an option (`-f`), a second command (`a;b`) or several words.
 */

export const TOOLS = ['ping', 'traceroute', 'dns_lookup', 'tcp_port', 'arp'] as const;
export type Tool = (typeof TOOLS)[number];

export interface ToolRequest {
  tool: Tool;
  /** Empty only for arp (then the whole neighbour table is shown). */
  host: string;
  count: number;
  port: number | null;
  iface: string | null;
}

const LABEL = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$/;

/** A host name (RFC 1123 labels, underscores tolerated) or an IPv4/IPv6 address. */
export function isValidHost(host: string): boolean {
  if (host.length === 0 || host.length > 253 || host.startsWith('-')) return false;
  if (net.isIP(host)) return true;
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  return name.length > 0 && name.split('.').every((l) => LABEL.test(l));
}

/** Interface names as the kernel allows them (at most 15 characters, no slash or space). */
export function isInterfaceName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,14}$/.test(name);
}

const asInt = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d{1,6}$/.test(v.trim())) return Number(v.trim());
  return null;
};

/** Checks a run request against the rules and the host's interfaces; every refusal names its field. */
export function validateToolRequest(
  body: Record<string, unknown>,
  interfaces: readonly string[],
  lang: Lang,
): { ok: true; value: ToolRequest } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const tool = body.tool;
  if (typeof tool !== 'string' || !(TOOLS as readonly string[]).includes(tool)) {
    errors.push({
      field: 'tool',
      msg: say(lang, 'tools.toolMustOne', { options: listText(TOOLS) }),
    });
  }
  const host =
    typeof body.host === 'string' ? body.host : body.host === undefined || body.host === null ? '' : null;
  if (host === null || (host === '' && tool !== 'arp')) {
    errors.push({ field: 'host', msg: say(lang, 'tools.hostRequired') });
  } else if (host !== '' && !isValidHost(host)) {
    errors.push({
      field: 'host',
      msg: say(lang, 'tools.hostMustHostName'),
    });
  } else if (tool === 'arp' && host !== '' && !net.isIP(host)) {
    errors.push({
      field: 'host',
      msg: say(lang, 'tools.arpFiltersIpAddress'),
    });
  }
  let count = 4;
  if (body.count !== undefined && body.count !== '' && body.count !== null) {
    const n = asInt(body.count);
    if (n === null || n < 1 || n > 10) errors.push({ field: 'count', msg: say(lang, 'tools.countMust') });
    else count = n;
  }
  let port: number | null = null;
  if (body.port !== undefined && body.port !== '' && body.port !== null) {
    const n = asInt(body.port);
    if (n === null || n < 1 || n > 65535) errors.push({ field: 'port', msg: say(lang, 'tools.portMust') });
    else port = n;
  }
  if (tool === 'tcp_port' && port === null && !errors.some((e) => e.field === 'port')) {
    errors.push({ field: 'port', msg: say(lang, 'tools.portRequiredTcpPort') });
  }
  let iface: string | null = null;
  if (body.iface !== undefined && body.iface !== '' && body.iface !== null) {
    if (typeof body.iface !== 'string' || !isInterfaceName(body.iface) || !interfaces.includes(body.iface)) {
      errors.push({
        field: 'iface',
        msg: say(lang, 'tools.ifaceMustOneGateway', { interfaces: listText(interfaces) }),
      });
    } else iface = body.iface;
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, value: { tool: tool as Tool, host: host ?? '', count, port, iface } };
}
