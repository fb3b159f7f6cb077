import os from 'node:os';
import type { Lang, VoiceBasic } from '@igs/contract';
import { say, texts } from '@igs/contract';
import { type ServiceKey, serviceTitle } from '@igs/contract/extras';
import type { AppContext } from '../../platform/app-context.ts';
import { loadConfig as loadServiceConfig } from '../../platform/settings/service-config.ts';

/**
 * DOMAIN voice/BasicSettings: the SIP port must not be "used by another service". The other
 * services of this gateway whose ports are known: the console's own web server (PORT), the
 * enabled services of system/ServiceConfig with their configured ports (the GB28181 SIP agent,
 * RTMP, NTP, SSH, SNMP) and the media servers configured to run on this host (video media
 * servers whose address is one of the host's own).
 */

export interface Occupied {
  service: Record<Lang, string>;
  proto: 'tcp' | 'udp';
  from: number;
  to: number;
}

/** The transport of the services whose ports system/ServiceConfig keeps as a plain list. */
const LISTED_PORT_PROTOCOLS: Partial<Record<ServiceKey, 'tcp' | 'udp'>> = {
  rtmp: 'tcp',
  ssh: 'tcp',
  ntp: 'udp',
  snmp: 'udp',
};

function hostAddresses(): Set<string> {
  const out = new Set(['127.0.0.1', '::1', 'localhost', '0.0.0.0']);
  for (const list of Object.values(os.networkInterfaces())) for (const i of list ?? []) out.add(i.address);
  return out;
}

export async function otherServicePorts(app: AppContext): Promise<Occupied[]> {
  const out: Occupied[] = [
    {
      service: texts('voice.webConsole'),
      proto: 'tcp',
      from: app.config.port,
      to: app.config.port,
    },
  ];
  const services = await loadServiceConfig(app);
  const gb = services.gb28181;
  if (gb.enabled && gb.port) {
    // SIP over UDP and TCP, as the agent listens on both.
    const service = texts('voice.gb28181SipAgent');
    for (const proto of ['udp', 'tcp'] as const) out.push({ service, proto, from: gb.port, to: gb.port });
  }
  for (const [key, proto] of Object.entries(LISTED_PORT_PROTOCOLS) as [ServiceKey, 'tcp' | 'udp'][]) {
    const svc = services[key];
    if (!svc.enabled) continue;
    const service = { en: serviceTitle(key, 'en'), zh_CN: serviceTitle(key, 'zh_CN') };
    for (const port of svc.ports) out.push({ service, proto, from: port, to: port });
  }
  const local = hostAddresses();
  const db = app.db.kysely;
  const servers = await db
    .selectFrom('video_media_server')
    .selectAll()
    .execute()
    .catch(() => []);
  for (const s of servers) {
    if (!local.has(String(s.ip ?? ''))) continue;
    // A media server has no name field: its server id names it (ZLMediaKit's general.mediaServerId).
    const name = String(s.server_id || s.id);
    const svc = texts('voice.mediaServer', { name });
    for (const k of ['http_port', 'rtmp_port', 'rtsp_port'] as const)
      if (Number(s[k]) > 0) out.push({ service: svc, proto: 'tcp', from: Number(s[k]), to: Number(s[k]) });
    if (Number(s.rtp_proxy_port) > 0)
      out.push({ service: svc, proto: 'udp', from: Number(s.rtp_proxy_port), to: Number(s.rtp_proxy_port) });
    const range = /^(\d+)-(\d+)$/.exec(String(s.rtp_port_range ?? ''));
    if (range) out.push({ service: svc, proto: 'udp', from: Number(range[1]), to: Number(range[2]) });
  }
  return out;
}

/**
 * The SIP ports of the basic settings that another service already uses. The RTP range is not
 * held to this: Asterisk skips a port of its range that is taken, so an overlap (the default
 * 10000–20000 holds the GB28181 port) costs one port, not the service.
 */
export function portClashes(
  v: VoiceBasic,
  occupied: Occupied[],
  lang: Lang,
): { field: string; msg: string }[] {
  const mine: {
    field: string;
    label: Record<Lang, string>;
    proto: 'tcp' | 'udp';
    from: number;
    to: number;
  }[] = [
    {
      field: 'sip_udp_port',
      label: texts('voice.sipUdpPort'),
      proto: 'udp',
      from: v.sip_udp_port,
      to: v.sip_udp_port,
    },
  ];
  if (v.sip_tcp)
    mine.push({
      field: 'sip_tcp',
      label: texts('voice.sipTcpPort'),
      proto: 'tcp',
      from: v.sip_udp_port,
      to: v.sip_udp_port,
    });
  if (v.sip_tls_port > 0)
    mine.push({
      field: 'sip_tls_port',
      label: texts('voice.sipTlsPort'),
      proto: 'tcp',
      from: v.sip_tls_port,
      to: v.sip_tls_port,
    });
  const out: { field: string; msg: string }[] = [];
  for (const m of mine) {
    for (const o of occupied) {
      if (o.proto !== m.proto || o.to < m.from || o.from > m.to) continue;
      const ports = o.from === o.to ? String(o.from) : `${o.from}–${o.to}`;
      const own = m.from === m.to ? String(m.from) : `${m.from}–${m.to}`;
      out.push({
        field: m.field,
        msg: say(lang, 'voice.clashesPort', {
          label: m.label,
          own,
          service: o.service,
          proto: o.proto.toUpperCase(),
          ports,
        }),
      });
      break;
    }
  }
  return out;
}
