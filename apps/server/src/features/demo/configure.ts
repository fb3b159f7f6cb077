import { itmsSettings } from '@igs/contract/extras';
import type { AppContext } from '../../platform/app-context.ts';
import { applyTouchesHost } from '../../platform/host/config-set.ts';
import type { ActionContext } from '../../platform/http/action.ts';
import { FormReader } from '../../platform/http/form-reader.ts';
import { loadDoc } from '../../platform/settings/config-docs.ts';
import { hostDefaults } from '../../platform/settings/itms-config.ts';
import {
  hasStored,
  mergeAndValidate,
  readSingleton,
  writeSingleton,
} from '../../platform/singletons/store.ts';
import { LABELS as DNSMASQ_LABELS, dhcpSubnet, loadDhcp, readDhcp, writeHalf } from '../dnsmasq/index.ts';
import type { LiveInterface } from '../network/index.ts';
import {
  changeNetwork,
  NETWORK_DOC,
  LABELS as NETWORK_LABELS,
  netContext,
  readIface,
} from '../network/index.ts';
import { regenerateVoiceFiles } from '../voice/index.ts';
import { secret } from './model.ts';

/**
 * The demo hotel's own settings, written through the same rules and writers as the Network card,
 * DHCP and voice pages, so what the demo configures passes the product's own checks:
 * - before the records: a LAN interface (role lan, static 192.168.10.1/24) and the DHCP settings
 *   on it, so the static leases of the records have their subnet and DHCP serves at once; the
 *   ITMS settings with the ACS on that address and connection-request credentials, so a task
 *   queued for a CPE reaches it at once (the demo's simulated ONTs answer connection requests);
 * - after the records: the dnsmasq files rendered with the leases and host records (each half
 *   checked by `dnsmasq --test` before it is written) and the voice files (checked as the voice
 *   management page checks them).
 *
 * Settings an operator already saved are left as they are, and nothing is done where a write
 * would change the running host (IGS_APPLY=1 with the real root): a demo never re-addresses a
 * machine's network card.
 */

export const LAN_ADDRESS = '192.168.10.1';
export const LAN_CIDR = `${LAN_ADDRESS}/24`;
const DHCP_SETTINGS = {
  enabled: 1,
  interface: 'lan',
  range_start: '192.168.10.100',
  range_end: '192.168.10.199',
  lease_time: '12h',
  gateway: LAN_ADDRESS,
  dns1: LAN_ADDRESS,
  ntp: LAN_ADDRESS,
  domain: 'lakeside.lan',
  authoritative: 1,
};

export interface DemoSettings {
  /** The interface given the LAN role, or null when none was (see `notes`). */
  lan: string | null;
  /** What was configured, or why a part was not, in plain words for the start log. */
  notes: string[];
}

/** A context for the settings writers, which otherwise run inside an operator's call. */
function systemContext(app: AppContext): ActionContext {
  return {
    app,
    lang: 'en',
    caller: undefined,
    ip: '127.0.0.1',
    files: [],
    extra: {},
    req: undefined as never,
    reply: undefined as never,
  };
}

/**
 * The interface the demo makes its LAN: an Ethernet interface of the host that is not loopback
 * and not part of a bond, a physical one first, then one that is up, then by name.
 */
export function pickLanInterface(live: readonly LiveInterface[]): string | null {
  const rank = (l: LiveInterface) => (l.virtual ? 2 : 0) + (l.operstate === 'up' ? 0 : 1);
  const usable = live
    .filter((l) => !l.loopback && l.master === null && l.type === 1)
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  return usable[0]?.name ?? null;
}

/** The ITMS settings (DOMAIN 2.5), through the same validation as its page. */
async function configureItms(app: AppContext): Promise<string> {
  if (await hasStored(app, itmsSettings.table, 0)) return 'ITMS settings already saved: left as they are';
  const current = await readSingleton(app, itmsSettings, 0, itmsSettings.table, hostDefaults());
  const values = mergeAndValidate(
    itmsSettings,
    current,
    { acs_url: `http://${LAN_ADDRESS}:7547/`, cr_username: 'acs', cr_password: secret(16) },
    'en',
  );
  await writeSingleton(app, itmsSettings.table, 0, values, 'demo');
  return `ITMS: ACS at http://${LAN_ADDRESS}:7547/, with connection-request credentials`;
}

/** Before the records: the ITMS settings, the LAN interface and the DHCP settings on it. */
export async function configureBeforeRecords(app: AppContext): Promise<DemoSettings> {
  const out: DemoSettings = { lan: null, notes: [await configureItms(app)] };
  if (applyTouchesHost()) {
    out.notes.push(
      'network and DHCP settings left alone: IGS_APPLY=1 would apply them to this host, and a demo does not re-address it',
    );
    return out;
  }
  const ctx = systemContext(app);
  if ((await loadDoc(app, NETWORK_DOC)).doc) {
    out.notes.push('network settings already saved: left as they are');
  } else {
    const name = pickLanInterface((await netContext(app)).live);
    if (!name) {
      out.notes.push('network: this host has no Ethernet interface to make the LAN, so DHCP stays off');
      return out;
    }
    await changeNetwork(ctx, (c) => {
      const r = new FormReader({ role: 'lan', mode: 'static', ip: LAN_CIDR }, 'en', NETWORK_LABELS);
      const cfg = readIface(r, name, c.doc.interfaces[name], c);
      r.done();
      return { ...c.doc, interfaces: { ...c.doc.interfaces, [name]: cfg } };
    });
    out.notes.push(`network: ${name} is the LAN interface with ${LAN_CIDR}`);
  }
  const subnet = await dhcpSubnet(app, DHCP_SETTINGS.interface);
  out.lan = subnet.ok ? subnet.name : null;
  if ((await loadDoc(app, 'dhcp')).doc) {
    out.notes.push('DHCP settings already saved: left as they are');
    return out;
  }
  if (!subnet.ok) {
    out.notes.push('DHCP not configured: no interface with the LAN role has an IPv4 subnet');
    return out;
  }
  const r = new FormReader(DHCP_SETTINGS, 'en', DNSMASQ_LABELS);
  const doc = readDhcp(r, await loadDhcp(app), subnet);
  r.done();
  const reply = await writeHalf(ctx, 'dhcp', { doc });
  out.notes.push(
    `DHCP: ${DHCP_SETTINGS.range_start}–${DHCP_SETTINGS.range_end} on ${subnet.dev}${reply.test.ran ? ', checked by dnsmasq --test' : ' (dnsmasq is not installed: not checked)'}`,
  );
  return out;
}

/** After the records: the dnsmasq files with the leases and host records, and the voice files. */
export async function writeFilesAfterRecords(app: AppContext): Promise<string[]> {
  const notes: string[] = [];
  if (applyTouchesHost()) {
    notes.push('dnsmasq files not written: IGS_APPLY=1 would restart dnsmasq on this host');
  } else {
    const ctx = systemContext(app);
    for (const half of ['dhcp', 'dns'] as const) {
      const reply = await writeHalf(ctx, half);
      notes.push(`dnsmasq ${half} file ${reply.test.ran ? 'checked and ' : ''}written`);
    }
  }
  const { checks } = await regenerateVoiceFiles(app);
  const bad = checks.filter((c) => !c.ok);
  notes.push(
    bad.length
      ? `voice files written; the voice check finds errors in ${bad.map((c) => `${c.file} (${c.errors.length})`).join(', ')}`
      : 'voice files written and checked',
  );
  return notes;
}
