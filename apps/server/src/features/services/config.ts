import { Code, type Lang, say, texts } from '@igs/contract';
import { SERVICE_KEYS, type ServiceKey, serviceTitle } from '@igs/contract/extras';
import type { AppContext } from '../../platform/app-context.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { loadDns } from '../dnsmasq/index.ts';
import { itmsConfig } from '../tr069-extras/index.ts';
import { loadBasic } from '../voice/index.ts';

/**
 * system/ServiceConfig beyond its stored value (platform/settings/service-config.ts): ports that another page owns are shown here, not stored twice: the web console's port is the
 * deployment's (PORT), SIP's are voice/BasicSettings', DNS's is system/Dns', the ACS's is
 * tr069/Itms' CWMP port, and gb28181's is its own `port` field. Editing those here is refused
 * with the page to go to.
 */

export {
  defaultConfig,
  loadConfig,
  STORE_KEY,
  type StoredConfig,
  type StoredService,
  saveConfig,
} from '../../platform/settings/service-config.ts';

import type { StoredConfig } from '../../platform/settings/service-config.ts';

export interface PortOwner {
  en: string;
  zh_CN: string;
}

/** Where the ports of a key are set when it is not this page. */
export const PORT_OWNERS: Partial<Record<ServiceKey, PortOwner>> = {
  web: texts('services.deploymentPort'),
  sip: texts('services.voiceBasicSettings'),
  dhcp_dns: texts('services.systemDnsDnsPort'),
  acs: texts('services.tr069ItmsCwmpPort'),
  gb28181: texts('services.portFieldRow'),
};

/** Every key's ports as they are now, the owned ones read from their owners. */
export async function effectivePorts(
  app: AppContext,
  config: StoredConfig,
  webPort: number,
): Promise<Record<ServiceKey, number[]>> {
  const [voice, dns, itms] = await Promise.all([
    loadBasic(app.db.kysely).catch(() => null),
    loadDns(app).catch(() => null),
    itmsConfig(app).catch(() => null),
  ]);
  const out = {} as Record<ServiceKey, number[]>;
  for (const key of SERVICE_KEYS) out[key] = [...config[key].ports];
  out.web = [webPort];
  out.sip = voice ? [voice.sip_udp_port, ...(voice.sip_tls_port > 0 ? [voice.sip_tls_port] : [])] : [5060];
  out.dhcp_dns = [dns?.port ?? 53, 67];
  out.acs = [Number(itms?.cwmp_port ?? 7547)];
  out.gb28181 = [Number(config.gb28181.port ?? 15060)];
  return out;
}

/**
 * A port of `key` that another service already uses: 409 naming both services and the port
 * (DOMAIN: "a port clash with another service gets 409").
 */
export function checkPortClash(key: ServiceKey, ports: Record<ServiceKey, number[]>, lang: Lang): void {
  for (const port of ports[key]) {
    for (const other of SERVICE_KEYS) {
      if (other === key || !ports[other].includes(port)) continue;
      const mine = serviceTitle(key, lang);
      const theirs = serviceTitle(other, lang);
      const msg = say(lang, 'services.portClashPortAlready', { port, mine, theirs });
      throw new ApiError(Code.conflict, msg, {
        errors: [{ field: key === 'gb28181' && ports[key].length === 1 ? 'port' : 'ports', msg }],
        clash: { port, service: key, with: other },
      });
    }
  }
}
