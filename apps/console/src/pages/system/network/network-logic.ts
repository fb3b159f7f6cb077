/**
 * Pure helpers of the network, DHCP and DNS pages: which fields a mode shows, what a form sends,
 * and how a 422's `errors` land on form fields. Tested without rendering.
 */

import { type ConnectivityCheck, HOST_NAME_RE, type LeaseRow } from '@igs/contract/calls';

export const ROLES = ['wan', 'lan', 'mgmt', 'none'] as const;
export const MODES = ['dhcp', 'static', 'pppoe'] as const;
export type Mode = (typeof MODES)[number];

export const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
export const CIDR =
  /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\/([12]?\d|3[0-2])$/;
export const MAC = /^[0-9a-fA-F]{2}([:-][0-9a-fA-F]{2}){5}$/;
/** A host name: the contract's rule (the server's isHostName). */
export const HOST = HOST_NAME_RE;

/** The interface form's fields shown for each mode (DOMAIN 2.9 Interfaces tab). */
export function ifaceFieldsFor(mode: Mode): string[] {
  const common = ['role', 'mode', 'vlan_id', 'mtu', 'mac_clone', 'enabled'];
  if (mode === 'static') return [...common, 'ip', 'gateway', 'dns1', 'dns2'];
  if (mode === 'pppoe') return [...common, 'pppoe_user', 'pppoe_password'];
  return [...common, 'dns1', 'dns2'];
}

/** What the interface form sends: the fields of its mode only, trimmed; an empty password keeps it. */
export function ifacePayload(name: string, values: Record<string, unknown>): Record<string, unknown> {
  const mode = (values.mode as Mode) ?? 'dhcp';
  const out: Record<string, unknown> = { method: 'edit', name };
  for (const f of ifaceFieldsFor(mode)) {
    let v = values[f];
    if (typeof v === 'string') v = v.trim();
    if (f === 'enabled') v = v ? 1 : 0;
    if (f === 'pppoe_password' && !v) continue;
    out[f] = v ?? '';
  }
  return out;
}

/** A list typed as text (NTP servers, upstream DNS): one per line or comma-separated. */
export function splitList(text: string | string[] | undefined): string[] {
  if (Array.isArray(text)) return text.map((s) => s.trim()).filter(Boolean);
  return (text ?? '')
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export interface FieldProblem {
  field: string;
  msg: string;
}

/**
 * A 422's `data.errors` as antd `setFields` entries: `rules.0.src` becomes ['rules', 0, 'src'].
 * Only fields the form has are returned; the rest stay in the toast.
 */
export function formErrors(
  data: unknown,
  known?: (path: (string | number)[]) => boolean,
): { name: (string | number)[]; errors: string[] }[] {
  const errors = (data as { errors?: FieldProblem[] } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  const out: { name: (string | number)[]; errors: string[] }[] = [];
  for (const e of errors) {
    if (typeof e?.field !== 'string') continue;
    const name = e.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    if (known && !known(name)) continue;
    const existing = out.find((o) => o.name.join('.') === name.join('.'));
    if (existing) existing.errors.push(e.msg);
    else out.push({ name, errors: [e.msg] });
  }
  return out;
}

/** Link state as a colour: up green, down red, anything else grey. */
export function linkColor(operstate: string): 'green' | 'red' | 'default' {
  if (operstate === 'up') return 'green';
  if (operstate === 'down' || operstate === 'lowerlayerdown') return 'red';
  return 'default';
}

export function formatSpeed(mbps: number | null): string {
  if (!mbps) return '';
  return mbps >= 1000 ? `${mbps / 1000} Gb/s` : `${mbps} Mb/s`;
}

/** One connectivity check, as the contract's networkCalls.connect answers it. */
export type Check = ConnectivityCheck;

/** A connectivity check as a status: success, error, or not tested. */
export function checkStatus(c: Check): 'success' | 'error' | 'default' {
  if (c.ok === true) return 'success';
  if (c.ok === false) return 'error';
  return 'default';
}

/** A lease of the lease file, as the contract's dnsmasqCalls.leases answers it. */
export type { LeaseRow };

/** Whether a lease can still be turned into a static one. */
export function canMakeStatic(l: LeaseRow): boolean {
  return !l.static;
}
