import { SERVICE_KEYS, type ServiceKey } from '@igs/contract/extras';
import type { AppContext } from '../app-context.ts';
import { writeSingleton } from '../singletons/store.ts';

/**
 * The stored side of system/ServiceConfig: per key `enabled`, `auto_start` and `ports`, plus the
 * gb28181 agent's id, domain, port and password. One JSON value in the `singletons` table. Read by
 * the services page and by the businesses that must know another service's port (voice's SIP
 * port clash, the GB28181 agent), so it sits below them all.
 */

export const STORE_KEY = 'system:service_config';

export interface StoredService {
  enabled: 0 | 1;
  auto_start: 0 | 1;
  ports: number[];
  server_id?: string;
  domain?: string;
  port?: number;
  password?: string;
  /**
   * gb28181: a device not in the list that registers is refused (default), added to it, or added
   * pending an operator's approval.
   */
  register_unknown?: 'refuse' | 'add' | 'pending';
}

export type StoredConfig = Record<ServiceKey, StoredService>;

const on = (ports: number[] = []): StoredService => ({ enabled: 1, auto_start: 1, ports });
const off = (ports: number[] = []): StoredService => ({ enabled: 0, auto_start: 0, ports });

export function defaultConfig(): StoredConfig {
  return {
    web: on(),
    sip: on(),
    dhcp_dns: on(),
    acs: on(),
    // wvp-GB28181-pro's defaults (DOMAIN 2.3 is modelled on it).
    gb28181: { ...on(), server_id: '34020000002000000001', domain: '3402000000', port: 15060, password: '' },
    rtmp: on([1935]),
    ntp: on([123]),
    ssh: on([22]),
    snmp: off([161]),
    igmpproxy: on(),
  };
}

export async function loadConfig(app: AppContext): Promise<StoredConfig> {
  const row = await app.db.kysely
    .selectFrom('singletons')
    .select('value')
    .where('name', '=', STORE_KEY)
    .where('site_id', '=', 0)
    .executeTakeFirst();
  let stored: Partial<Record<ServiceKey, Partial<StoredService>>> = {};
  try {
    if (row) stored = JSON.parse(row.value);
  } catch {
    stored = {};
  }
  const out = defaultConfig();
  for (const key of SERVICE_KEYS) out[key] = { ...out[key], ...(stored[key] ?? {}) };
  return out;
}

export function saveConfig(app: AppContext, config: StoredConfig, username: string): Promise<void> {
  return writeSingleton(app, STORE_KEY, 0, config, username);
}
