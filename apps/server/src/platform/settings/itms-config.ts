import os from 'node:os';
import { itmsSettings } from '@igs/contract/extras';
import type { AppContext } from '../app-context.ts';
import { readSingleton, type Values } from '../singletons/store.ts';

/**
 * The stored tr069/Itms settings (DOMAIN 2.5) and what other features derive from them: the
 * dnsmasq lines of `dhcp_option43` (read by the DHCP file generator, dnsmasq/service.ts).
 */

/** The first non-internal IPv4 address: the address CPEs on the LAN reach the ACS at. */
export function lanAddress(): string {
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return '127.0.0.1';
}

/** DOMAIN's defaults that depend on the host: `http://<lan-ip>:7547/` and the file server on :7567. */
export function hostDefaults(): Values {
  const ip = lanAddress();
  return { acs_url: `http://${ip}:7547/`, file_server_url: `http://${ip}:7567/` };
}

export async function itmsConfig(app: AppContext): Promise<Values> {
  return readSingleton(app, itmsSettings, 0, itmsSettings.table, hostDefaults());
}

/** What DHCP option 43 announces when `dhcp_option43` is on: the ACS URL and provisioning code. */
export interface AcsOption43 {
  acs_url: string;
  provisioning_code: string;
}

const clean = (v: unknown) => String(v ?? '').replace(/["\\\r\n]/g, '');

export function acsOption43(values: Values): AcsOption43 | null {
  if (Number(values.dhcp_option43) !== 1 || !values.acs_url) return null;
  return { acs_url: clean(values.acs_url), provisioning_code: clean(values.provisioning_code) };
}

/**
 * The dnsmasq lines DHCP option 43 needs when `dhcp_option43` is on: the ACS URL as
 * vendor-encapsulated sub-option 1 (and the provisioning code as sub-option 2 when one is set) for
 * clients of vendor class `dslforum.org` (TR-069 Annex F). The DHCP configuration generator
 * appends them to its dnsmasq file, and sends the same sub-options to the option-60 vendor classes
 * of the DHCP page (dnsmasq/render.ts).
 */
export function dnsmasqOption43Lines(values: Values): string[] {
  const acs = acsOption43(values);
  if (!acs) return [];
  const lines = [`dhcp-option=vendor:dslforum.org,1,"${acs.acs_url}"`];
  if (acs.provisioning_code) lines.push(`dhcp-option=vendor:dslforum.org,2,"${acs.provisioning_code}"`);
  return lines;
}
