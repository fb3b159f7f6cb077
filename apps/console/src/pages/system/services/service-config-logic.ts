import type { GB_REGISTER_UNKNOWN } from '@igs/contract/calls';
import type { ServiceRow } from '@igs/contract/extras';

/**
 * The form rules of system/ServiceConfig that the page checks before sending (the server checks
 * the same, and the port clash against the other services, which only it knows in full).
 */

/** Ports typed as tags ("80", " 443 ") as numbers, or null when one is not a port or repeats. */
export function parsePorts(values: readonly (string | number)[]): number[] | null {
  const out: number[] = [];
  for (const v of values) {
    const text = String(v).trim();
    if (!/^\d{1,5}$/.test(text)) return null;
    const n = Number(text);
    if (n < 1 || n > 65535 || out.includes(n)) return null;
    out.push(n);
  }
  return out;
}

export interface EditValues {
  enabled: boolean;
  auto_start: boolean;
  ports: (string | number)[];
  server_id?: string;
  domain?: string;
  port?: number | null;
  password?: string;
  register_unknown?: (typeof GB_REGISTER_UNKNOWN)[number];
}

export type EditCheck =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; field: 'ports' | 'server_id' | 'domain' | 'port'; key: string };

/**
 * The `edit` body for one row: ports only where this page owns them, the gb28181 fields only on
 * that row, and an empty password left out so the stored one stays.
 */
export function editBody(row: ServiceRow, v: EditValues): EditCheck {
  const body: Record<string, unknown> = {
    method: 'edit',
    key: row.key,
    enabled: v.enabled ? 1 : 0,
    auto_start: v.auto_start ? 1 : 0,
  };
  if (!row.ports_owner && row.key !== 'gb28181') {
    const ports = parsePorts(v.ports);
    if (!ports) return { ok: false, field: 'ports', key: 'svc.portsInvalid' };
    body.ports = ports;
  }
  if (row.key === 'gb28181') {
    const serverId = (v.server_id ?? '').trim();
    const domain = (v.domain ?? '').trim();
    if (!/^\d{20}$/.test(serverId)) return { ok: false, field: 'server_id', key: 'svc.serverIdInvalid' };
    if (!/^\d{10}$/.test(domain)) return { ok: false, field: 'domain', key: 'svc.domainInvalid' };
    const port = Number(v.port);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      return { ok: false, field: 'port', key: 'svc.portsInvalid' };
    Object.assign(body, { server_id: serverId, domain, port });
    if (v.password) body.password = v.password;
    if (v.register_unknown) body.register_unknown = v.register_unknown;
  }
  return { ok: true, body };
}

export const STATUS_COLOR: Record<ServiceRow['status'], string> = {
  running: 'green',
  stopped: 'orange',
  not_installed: 'default',
};

/**
 * Which verbs a row offers: none for the console itself, the GB28181 agent (it runs inside the
 * server and starts with it) or a service that is not installed.
 */
export function verbsFor(row: ServiceRow): ('start' | 'stop' | 'restart')[] {
  if (row.key === 'web' || row.key === 'gb28181' || row.status === 'not_installed') return [];
  if (row.status === 'running') return ['restart', 'stop'];
  return row.enabled ? ['start'] : [];
}
