import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { Code, keepText, say, texts } from '@igs/contract';
import {
  type CallDef,
  ipoeCalls,
  networkCalls,
  openVpnCalls,
  pptpCalls,
  qosCalls,
  teamingCalls,
  wanDnsCalls,
} from '@igs/contract/calls';
import type { z } from 'zod';
import { runCommand } from '../../platform/host/config-set.ts';
import { type ActionContext, defineCallAction } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { FormReader, fieldError } from '../../platform/http/form-reader.ts';
import { readUpload } from '../../platform/uploads/stored.ts';
import { checkConnectivity } from './connect.ts';
import type { LiveInterface } from './live.ts';
import {
  DEFAULT_IFACE,
  DEFAULT_TIME,
  type IfaceConfig,
  LABELS,
  type NetworkDoc,
  type OpenVpnConfig,
} from './model.ts';
import {
  bondOf,
  checkOvpnProfile,
  knownInterfaces,
  readBond,
  readIface,
  readIpoe,
  readOpenVpn,
  readPptp,
  readQos,
  readTime,
  readWanDns,
} from './rules.ts';
import { changeNetwork, generatedFiles, loadNetwork, netContext, rollbackNetwork } from './service.ts';
import { currentZone, zoneList } from './timezone.ts';

/**
 * `/admin.php/Network/<tab>` (DOMAIN 2.9 system/NetworkCard, spec section 7): one path per tab.
 * Reads come from the host and the stored settings; every change is validated in full, rendered
 * into the generated file set and only then stored (service.ts).
 */

const reader = (ctx: ActionContext, body: Record<string, unknown>) => new FormReader(body, ctx.lang, LABELS);

function liveView(l: LiveInterface) {
  return {
    name: l.name,
    mac: l.mac,
    operstate: l.operstate,
    carrier: l.carrier,
    speed: l.speed,
    mtu: l.mtu,
    ipv4: l.ipv4.map((a) => `${a.address}/${a.prefix}`),
    ipv6: l.ipv6.map((a) => `${a.address}/${a.prefix}`),
    rx_bytes: l.rx_bytes,
    tx_bytes: l.tx_bytes,
    rx_packets: l.rx_packets,
    tx_packets: l.tx_packets,
    loopback: l.loopback,
    virtual: l.virtual,
    master: l.master,
  };
}

/** An interface's settings for the form: the password never leaves the server. */
function ifaceView(c: IfaceConfig) {
  return { ...c, pppoe_password: '', pppoe_password_set: c.pppoe_password ? 1 : 0 };
}

function notFound(ctx: ActionContext, what: string): ApiError {
  return new ApiError(Code.notFound, say(ctx.lang, 'network.notFound', { what }));
}

function nextId(doc: NetworkDoc): number {
  return doc.next_id;
}

const indexActions = [
  defineCallAction(networkCalls.overview, {
    summary: 'Network overview: every interface of /sys/class/net with link, speed, addresses and counters',
    access: 'module',
    async handler({ app }) {
      const c = await netContext(app);
      return {
        list: c.live.map((l) => ({ ...liveView(l), role: c.doc.interfaces[l.name]?.role ?? null })),
        total: c.live.length,
        source: c.source,
        note: c.note,
      };
    },
  }),
  defineCallAction(networkCalls.config, {
    summary: 'The generated network files under DATA_DIR/etc (secret files listed without content)',
    access: 'module',
    async handler({ app }) {
      return generatedFiles(app);
    },
  }),
  defineCallAction(networkCalls.rollback, {
    summary: 'Restores the previous network settings and file set (the current ones become the previous)',
    access: 'module',
    async handler(ctx) {
      const r = await rollbackNetwork(ctx);
      if (!r) throw new ApiError(Code.conflict, say(ctx.lang, 'network.noPreviousVersionRoll'));
      ctx.logDetail = keepText('log.networkRolledBack', { n: r.written.length });
      return r;
    },
  }),
];

const netActions = [
  defineCallAction(networkCalls.interfaces, {
    summary: 'Interfaces tab: each interface with its live state and stored settings (passwords empty)',
    access: 'module',
    async handler({ app }) {
      const c = await netContext(app);
      const list = knownInterfaces(c).map((name) => {
        const l = c.live.find((x) => x.name === name);
        const cfg = c.doc.interfaces[name];
        return {
          name,
          live: l ? liveView(l) : null,
          configured: cfg ? 1 : 0,
          bond: bondOf(c.doc, name)?.name ?? null,
          ...ifaceView(cfg ?? DEFAULT_IFACE),
        };
      });
      return { list, total: list.length, source: c.source, note: c.note };
    },
  }),
  defineCallAction(networkCalls.interface, {
    summary: 'One interface: stored settings (password empty) and live state',
    access: 'module',
    async handler(ctx, input) {
      const c = await netContext(ctx.app);
      if (!knownInterfaces(c).includes(input.name)) throw notFound(ctx, input.name);
      const l = c.live.find((x) => x.name === input.name);
      const cfg = c.doc.interfaces[input.name];
      return {
        name: input.name,
        live: l ? liveView(l) : null,
        configured: cfg ? 1 : 0,
        ...ifaceView(cfg ?? DEFAULT_IFACE),
      };
    },
  }),
  defineCallAction(networkCalls.editInterface, {
    summary: 'Sets one interface (role, mode, address, VLAN, MTU, cloned MAC); writes its networkd files',
    access: 'module',
    async handler(ctx, input) {
      const reply = await changeNetwork(ctx, (c) => {
        if (!knownInterfaces(c).includes(input.name)) throw notFound(ctx, input.name);
        if (c.live.find((l) => l.name === input.name)?.loopback)
          throw fieldError(ctx.lang, 'name', texts('network.loopbackInterfaceCannotConfigured'));
        const r = reader(ctx, input);
        const cfg = readIface(r, input.name, c.doc.interfaces[input.name], c);
        r.done();
        return { ...c.doc, interfaces: { ...c.doc.interfaces, [input.name]: cfg } };
      });
      ctx.logDetail = `interface ${input.name}`;
      return reply;
    },
  }),
];

/**
 * A tab's calls as its factory takes them. The views (detail, list) answer the tab's own rows,
 * checked against the tab's call at run time under CHECK_REPLIES; the saves' inputs and replies
 * are the same for every tab and checked here by the type checker.
 */
interface SingletonTabCalls {
  detail: CallDef<(typeof ipoeCalls)['detail']['input'], z.ZodType>;
  form: (typeof ipoeCalls)['form'];
}
interface ListTabCalls {
  list: CallDef<(typeof teamingCalls)['list']['input'], z.ZodType>;
  detail: CallDef<(typeof teamingCalls)['detail']['input'], z.ZodType>;
  add: (typeof teamingCalls)['add'];
  edit: (typeof teamingCalls)['edit'];
  del: (typeof teamingCalls)['del'];
}

/** A singleton tab: detail and form. */
function singletonTab<K extends 'ipoe' | 'dns' | 'qos'>(
  tab: K,
  calls: SingletonTabCalls,
  summary: string,
  view: (doc: NetworkDoc) => unknown,
  read: (r: FormReader, doc: NetworkDoc, c: Awaited<ReturnType<typeof netContext>>) => NetworkDoc[K],
) {
  return [
    defineCallAction(calls.detail, {
      summary: `${summary}: stored settings (secrets empty)`,
      access: 'module',
      async handler({ app }) {
        return view(await loadNetwork(app));
      },
    }),
    defineCallAction(calls.form, {
      summary: `${summary}: validates and saves, writing the generated files`,
      access: 'module',
      async handler(ctx, input) {
        const reply = await changeNetwork(ctx, (c) => {
          const r = reader(ctx, input);
          const part = read(r, c.doc, c);
          r.done();
          return { ...c.doc, [tab]: part };
        });
        ctx.logDetail = `network ${tab}`;
        return reply;
      },
    }),
  ];
}

const ipoeActions = singletonTab(
  'ipoe',
  ipoeCalls,
  'IPoE (IPTV access)',
  (doc) =>
    doc.ipoe
      ? { ...doc.ipoe, password: '', password_set: doc.ipoe.password ? 1 : 0 }
      : {
          iface: '',
          vlan_id: 0,
          option60_vendor: '',
          username: '',
          password: '',
          password_set: 0,
          igmp_proxy: 1,
          igmp_version: 2,
        },
  (r, doc, c) => readIpoe(r, doc.ipoe, c),
);

const dnsActions = singletonTab(
  'dns',
  wanDnsCalls,
  'WAN DNS',
  (doc) => doc.dns ?? { dns1: '', dns2: '', from_wan: 0 },
  (r) => readWanDns(r),
);

const qosActions = singletonTab(
  'qos',
  qosCalls,
  'QoS (bandwidth per interface and classification rules)',
  (doc) => doc.qos,
  (r, _doc, c) => readQos(r, c),
);

/** A list tab (bonds, PPTP, OpenVPN): list, detail, add, edit, del over one part of the document. */
function listTab<K extends 'bonds' | 'pptp' | 'openvpn'>(
  tab: string,
  calls: ListTabCalls,
  part: K,
  what: (ctx: ActionContext) => string,
  view: (row: NetworkDoc[K][number]) => unknown | Promise<unknown>,
  read: (
    ctx: ActionContext,
    r: FormReader,
    current: NetworkDoc[K][number] | undefined,
    c: Awaited<ReturnType<typeof netContext>>,
  ) => NetworkDoc[K][number] | Promise<NetworkDoc[K][number]>,
  onDelete?: (doc: NetworkDoc, removed: NetworkDoc[K][number][]) => NetworkDoc,
  onRename?: (doc: NetworkDoc, from: string, to: string) => NetworkDoc,
) {
  type Row = NetworkDoc[K][number];
  const rows = (doc: NetworkDoc) => doc[part] as Row[];
  return [
    defineCallAction(calls.list, {
      summary: `${tab}: every entry (secrets empty)`,
      access: 'module',
      async handler({ app }) {
        const list = await Promise.all(rows(await loadNetwork(app)).map(view));
        return { list, total: list.length };
      },
    }),
    defineCallAction(calls.detail, {
      summary: `${tab}: one entry (secrets empty)`,
      access: 'module',
      async handler(ctx, input) {
        const row = rows(await loadNetwork(ctx.app)).find((x) => x.id === input.id);
        if (!row) throw notFound(ctx, `${what(ctx)} #${input.id}`);
        return view(row);
      },
    }),
    defineCallAction(calls.add, {
      summary: `${tab}: adds an entry and writes its files`,
      access: 'module',
      async handler(ctx, input) {
        let id = 0;
        const reply = await changeNetwork(ctx, async (c) => {
          const r = reader(ctx, input);
          const row = await read(ctx, r, undefined, c);
          r.done();
          id = nextId(c.doc);
          return { ...c.doc, [part]: [...rows(c.doc), { ...row, id }], next_id: id + 1 };
        });
        ctx.logDetail = `${tab} #${id}`;
        return { id, ...reply };
      },
    }),
    defineCallAction(calls.edit, {
      summary: `${tab}: changes an entry (empty secrets keep the stored ones) and rewrites its files`,
      access: 'module',
      async handler(ctx, input) {
        const reply = await changeNetwork(ctx, async (c) => {
          const current = rows(c.doc).find((x) => x.id === input.id);
          if (!current) throw notFound(ctx, `${what(ctx)} #${input.id}`);
          const r = reader(ctx, input);
          const row = await read(ctx, r, current, c);
          r.done();
          const next = {
            ...c.doc,
            [part]: rows(c.doc).map((x) => (x.id === input.id ? { ...row, id: input.id } : x)),
          };
          return onRename && current.name !== row.name ? onRename(next, current.name, row.name) : next;
        });
        ctx.logDetail = `${tab} #${input.id}`;
        return { id: input.id, ...reply };
      },
    }),
    defineCallAction(calls.del, {
      summary: `${tab}: removes entries and their files`,
      access: 'module',
      async handler(ctx, input) {
        let deleted = 0;
        const reply = await changeNetwork(ctx, (c) => {
          const missing = input.ids.filter((id) => !rows(c.doc).some((x) => x.id === id));
          if (missing.length) throw notFound(ctx, `${what(ctx)} #${missing.join(', #')}`);
          const removed = rows(c.doc).filter((x) => input.ids.includes(x.id));
          deleted = removed.length;
          const next = { ...c.doc, [part]: rows(c.doc).filter((x) => !input.ids.includes(x.id)) };
          return onDelete ? onDelete(next, removed) : next;
        });
        ctx.logDetail = `${tab} #${input.ids.join(', #')}`;
        return { deleted, ...reply };
      },
    }),
  ];
}

const teamingActions = listTab(
  'teaming',
  teamingCalls,
  'bonds',
  (ctx) => say(ctx.lang, 'network.bond'),
  (b) => b,
  (_ctx, r, current, c) => readBond(r, current, c),
  (doc, removed) => {
    // The bond's own address settings go with it.
    const interfaces = { ...doc.interfaces };
    for (const b of removed) delete interfaces[b.name];
    return { ...doc, interfaces };
  },
  (doc, from, to) => {
    // A renamed bond keeps its address settings under its new name.
    const { [from]: moved, ...interfaces } = doc.interfaces;
    return { ...doc, interfaces: moved ? { ...interfaces, [to]: moved } : interfaces };
  },
);

const pptpActions = listTab(
  'pptp',
  pptpCalls,
  'pptp',
  (ctx) => say(ctx.lang, 'network.pptpTunnel'),
  (p) => ({ ...p, password: '', password_set: p.password ? 1 : 0 }),
  (_ctx, r, current, c) => readPptp(r, current, c.doc),
);

const OVPN_MAX_BYTES = 256 * 1024;

/** The uploaded profile (DOMAIN 3.6 upload id of kind text), checked as an OpenVPN client profile. */
async function readProfile(
  ctx: ActionContext,
  uploadId: string,
): Promise<{ text: string; name: string } | null> {
  const row = await ctx.app.db.kysely
    .selectFrom('uploads')
    .select(['kind', 'file', 'name', 'size'])
    .where('id', '=', uploadId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.kind !== 'text') throw fieldError(ctx.lang, 'ovpn', texts('network.uploadProfileTextFile'));
  if (Number(row.size) > OVPN_MAX_BYTES)
    throw fieldError(ctx.lang, 'ovpn', texts('network.openvpnProfileMostKb'));
  const data = await readUpload(ctx.app, row.file, OVPN_MAX_BYTES).catch(() => null);
  if (!data) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw fieldError(ctx.lang, 'ovpn', texts('network.profileNotUtfText'));
  }
  return { text, name: row.name };
}

async function openVpnState(v: OpenVpnConfig): Promise<string> {
  const installed = await Promise.any(
    ['/usr/sbin/openvpn', '/usr/bin/openvpn', '/sbin/openvpn'].map((p) => fs.access(p)),
  )
    .then(() => true)
    .catch(() => false);
  if (!installed) return 'not_installed';
  if (!v.enabled) return 'disabled';
  const r = await runCommand('systemctl', ['is-active', `openvpn-client@${v.conf_name}`], 3000);
  const state = r.output.split('\n')[0]?.trim() ?? '';
  return /^(active|inactive|failed|activating|deactivating)$/.test(state) ? state : 'unknown';
}

const openvpnActions = listTab(
  'openvpn',
  openVpnCalls,
  'openvpn',
  (ctx) => say(ctx.lang, 'network.openvpnClient'),
  async (v) => ({
    id: v.id,
    name: v.name,
    ovpn: v.ovpn,
    ovpn_name: v.ovpn_name,
    conf_name: v.conf_name,
    username: v.username,
    password: '',
    password_set: v.password ? 1 : 0,
    enabled: v.enabled,
    state: await openVpnState(v),
  }),
  async (ctx, r, current, c) => {
    const f = readOpenVpn(r, current, c.doc);
    let profile = current?.profile ?? '';
    let ovpnName = current?.ovpn_name ?? '';
    if (f.ovpn && f.ovpn !== current?.ovpn) {
      const up = await readProfile(ctx, f.ovpn);
      if (!up) r.fail('ovpn', texts('network.uploadedProfileNotFound'));
      else {
        const check = checkOvpnProfile(up.text);
        if (check.problem) r.fail('ovpn', check.problem);
        profile = up.text;
        ovpnName = up.name;
      }
    }
    const needsAuth = profile ? checkOvpnProfile(profile).needsAuth : false;
    if (needsAuth && (!f.username || !f.password)) r.fail('username', texts('network.profileAsksUserName'));
    return {
      id: current?.id ?? 0,
      name: f.name,
      ovpn: f.ovpn || current?.ovpn || '',
      ovpn_name: ovpnName,
      profile,
      // Stored under a generated name, never the uploaded one.
      conf_name: current?.conf_name ?? `igs-${randomBytes(4).toString('hex')}`,
      username: f.username,
      password: f.username ? f.password : '',
      enabled: f.enabled,
    };
  },
);

const timezoneActions = [
  defineCallAction(networkCalls.timezone, {
    summary: 'Time zone tab: stored settings and the zone the host is in now',
    access: 'module',
    async handler({ app }) {
      const doc = await loadNetwork(app);
      const now = await currentZone();
      return {
        ...(doc.timezone ?? DEFAULT_TIME),
        saved: doc.timezone ? 1 : 0,
        current: now.zone,
        current_source: now.source,
      };
    },
  }),
  defineCallAction(networkCalls.zones, {
    summary: 'The time zones this host knows, as [{value, label}]',
    access: 'module',
    async handler() {
      return (await zoneList()).map((z) => ({ value: z, label: z }));
    },
  }),
  defineCallAction(networkCalls.timezoneForm, {
    summary: 'Sets the time zone and NTP servers; applied with timedatectl only when IGS_APPLY=1',
    access: 'module',
    async handler(ctx, input) {
      const zones = await zoneList();
      const reply = await changeNetwork(ctx, (c) => {
        const r = reader(ctx, input);
        const t = readTime(r, zones);
        r.done();
        return { ...c.doc, timezone: t };
      });
      ctx.logDetail = 'time zone';
      return reply;
    },
  }),
];

const connectActions = [
  defineCallAction(networkCalls.connect, {
    summary:
      'Connectivity: WAN link state, gateway ping, a name lookup and an internet TCP check (time-outs, real results)',
    access: 'module',
    async handler({ app }, input) {
      const c = await netContext(app);
      return checkConnectivity(c.doc, c.live, input.host || 'www.baidu.com');
    },
  }),
];

export const networkActions = [
  ...indexActions,
  ...netActions,
  ...ipoeActions,
  ...dnsActions,
  ...qosActions,
  ...teamingActions,
  ...pptpActions,
  ...openvpnActions,
  ...timezoneActions,
  ...connectActions,
];
