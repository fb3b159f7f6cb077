import type { ServiceKey } from '@igs/contract/extras';

/**
 * What runs behind each fixed key of system/ServiceConfig (DOMAIN 2.9). A key may be served by one
 * of several programs (chronyd or ntpd); the first one installed is the one shown and acted on.
 *
 * Decisions for the keys that are this product's own sub-services:
 * - web: this server itself (always running while it can answer).
 * - acs: GenieACS's CWMP service (`genieacs-cwmp`), the ACS DOMAIN 2.5 is modelled on.
 * - rtmp: a ZLMediaKit `MediaServer` (unit `zlmediakit`), else nginx with the RTMP module (unit
 *   `nginx`), the two media servers DOMAIN's real-effect policy names.
 * - gb28181: DOMAIN 2.3 places the GB28181 SIP agent inside this server (features/video/gb28181):
 *   `running` while it runs in this process, else `stopped`; it has no unit of its own.
 */

export interface ServiceProgram {
  /** A program name looked up in PATH and the sbin folders, or an absolute path. */
  binary: string;
  /** The systemd unit the verbs act on (without `.service`). */
  unit: string;
  /** Names in /proc/<pid>/comm (at most 15 characters) when systemd is not running. */
  comm: string[];
  /** How the program prints its version; none means it is not asked. */
  versionArgs?: string[];
  /** A pattern whose first group is the version, where the generic banner parser fails. */
  versionPattern?: RegExp;
}

export type ProgramKey = Exclude<ServiceKey, 'web' | 'gb28181'>;

export const SERVICE_PROGRAMS: Record<ProgramKey, ServiceProgram[]> = {
  sip: [{ binary: 'asterisk', unit: 'asterisk', comm: ['asterisk'], versionArgs: ['-V'] }],
  dhcp_dns: [{ binary: 'dnsmasq', unit: 'dnsmasq', comm: ['dnsmasq'], versionArgs: ['--version'] }],
  acs: [{ binary: 'genieacs-cwmp', unit: 'genieacs-cwmp', comm: ['genieacs-cwmp'] }],
  rtmp: [
    { binary: 'MediaServer', unit: 'zlmediakit', comm: ['MediaServer'] },
    { binary: 'nginx', unit: 'nginx', comm: ['nginx'], versionArgs: ['-v'] },
  ],
  // A time server for the LAN: chrony, else ntpsec's ntpd (Debian 12 unit `ntpsec`).
  // systemd-timesyncd is only a client, so it does not serve this row.
  ntp: [
    { binary: 'chronyd', unit: 'chrony', comm: ['chronyd'], versionArgs: ['-v'] },
    { binary: 'ntpd', unit: 'ntpsec', comm: ['ntpd'], versionArgs: ['--version'] },
  ],
  ssh: [
    {
      binary: 'sshd',
      unit: 'ssh',
      comm: ['sshd'],
      versionArgs: ['-V'],
      versionPattern: /OpenSSH_([\w.]+)/,
    },
  ],
  snmp: [{ binary: 'snmpd', unit: 'snmpd', comm: ['snmpd'], versionArgs: ['-v'] }],
  igmpproxy: [{ binary: 'igmpproxy', unit: 'igmpproxy', comm: ['igmpproxy'], versionArgs: ['-h'] }],
};

/**
 * The unit a key's verbs name when none of its programs is installed (shown on the page). The
 * in-process services (web, gb28181) have none: they live and die with this server.
 */
export function defaultUnit(key: ServiceKey): string {
  if (key === 'web' || key === 'gb28181') return '';
  return SERVICE_PROGRAMS[key][0]!.unit;
}
