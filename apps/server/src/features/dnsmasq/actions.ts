import fs from 'node:fs/promises';
import { Code, type Lang, say, texts } from '@igs/contract';
import { dhcpCalls, dnsCalls, dnsmasqCalls } from '@igs/contract/calls';
import { resourceByName } from '@igs/contract/resources';
import { offerDownload } from '../../platform/exports/downloads.ts';
import { importFormat, type Registration, writeRule } from '../../platform/feature.ts';
import { type ActionContext, defineCallAction } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { FormReader, fieldError } from '../../platform/http/form-reader.ts';
import { isHostName, isHostOf, normalizeMac } from '../../platform/lib/ipv4.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { insertRecord } from '../../platform/resources/write.ts';
import { loadDocFrom } from '../../platform/settings/config-docs.ts';
import { liveInterfaces, type NetworkDoc, normalizeDoc } from '../network/index.ts';
import { dnsmasqVersion, findDnsmasq } from './dnsmasq.ts';
import { parseHostsFile } from './hosts-file.ts';
import { type LeaseFile, parseLeaseFile } from './leases.ts';
import { LABELS } from './model.ts';
import { defaultRange } from './render.ts';
import { leasesOutside, readDhcp, readDns, staticLeaseProblem } from './rules.ts';
import {
  halfStatus,
  loadDhcp,
  loadDhcpFrom,
  loadDns,
  renderBoth,
  rollbackHalf,
  staticLeases,
  writeHalf,
  writeWithRecords,
} from './service.ts';
import { dhcpSubnet, resolveSubnet } from './subnet.ts';

/**
 * `system/dhcp_set` and `system/dns_set` (DOMAIN 2.9, spec section 7): the singleton settings, the
 * generated dnsmasq files checked by `dnsmasq --test`, the lease list and its `make_static`. The
 * static leases and host records themselves are the generic `system:dhcp_host` / `dns_host`
 * resources; a write hook keeps static leases inside the DHCP subnet, and every write of them
 * rewrites the file in the same call (record-writes.ts).
 */

const reader = (ctx: ActionContext, body: Record<string, unknown>) => new FormReader(body, ctx.lang, LABELS);

// A static lease must lie in the subnet DHCP serves (DOMAIN: `ip` unique, in subnet).
const dhcpHostRule = writeRule('system:dhcp_host', async ({ conn, lang, values }) => {
  if (values.ip === undefined || values.ip === null) return;
  const db = conn;
  const dhcp = await loadDhcpFrom(db);
  const network = normalizeDoc((await loadDocFrom<NetworkDoc>(db, 'network')).doc);
  const subnet = resolveSubnet(dhcp.interface, network, (await liveInterfaces()).list);
  const problem = staticLeaseProblem(lang, String(values.ip), subnet);
  if (problem) throw new ApiError(Code.invalid, problem, { errors: [{ field: 'ip', msg: problem }] });
});

// DNS host records also import from the /etc/hosts format.
const dnsHostHostsImport = importFormat('system:dns_host', 'hosts', (_data, _ctx, file) =>
  parseHostsFile(file.text()),
);

async function dnsmasqInfo() {
  const binary = await findDnsmasq();
  return { installed: binary !== null, binary, version: binary ? await dnsmasqVersion() : null };
}

async function readLeases(path: string, lang: Lang = 'en'): Promise<LeaseFile & { note: string }> {
  try {
    return { ...parseLeaseFile(await fs.readFile(path, 'utf8')), note: '' };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return {
      leases: [],
      server_duid: '',
      // In the reader's language: the page shows it where the leases would be.
      note:
        code === 'ENOENT'
          ? say(lang, 'dns.noLeaseFileYet', { path })
          : say(lang, 'dns.cannotReadLeaseFile', { path, code: code ?? '' }),
    };
  }
}

const dhcpActions = [
  defineCallAction(dhcpCalls.detail, {
    summary: 'DHCP settings, the subnet they serve, and the state of the generated file (dnsmasq --test)',
    access: 'module',
    async handler({ app, lang }) {
      const doc = await loadDhcp(app);
      const subnet = await dhcpSubnet(app, doc.interface);
      const range = subnet.ok ? defaultRange(subnet.cidr) : null;
      // The network settings may have moved the subnet since the DHCP settings were saved.
      const warnings: string[] = [];
      if (subnet.ok && doc.enabled) {
        const sub = `${subnet.cidr.ip}/${subnet.cidr.prefix}`;
        for (const ip of [doc.range_start, doc.range_end])
          if (ip && !isHostOf(ip, subnet.cidr))
            warnings.push(say(lang, 'dns.savedRangeAddressOutside', { ip, dev: subnet.dev, sub }));
        const out = leasesOutside(await staticLeases(app.db.kysely), subnet.cidr);
        if (out)
          warnings.push(
            say(lang, 'dns.staticLeaseOutsideNow', { ip: out.ip, mac: out.mac, dev: subnet.dev, sub }),
          );
      }
      return {
        warnings,
        ...doc,
        // DOMAIN defaults .100 and .199 of the interface subnet until a range is saved.
        range_start: doc.range_start || range?.start || '',
        range_end: doc.range_end || range?.end || '',
        subnet: subnet.ok
          ? {
              ok: true as const,
              dev: subnet.dev,
              address: `${subnet.cidr.ip}/${subnet.cidr.prefix}`,
              source: subnet.source,
            }
          : { ok: false as const, msg: subnet.problem[lang] },
        config: await halfStatus(app, 'dhcp'),
        dnsmasq: await dnsmasqInfo(),
      };
    },
  }),
  defineCallAction(dhcpCalls.form, {
    summary:
      'Saves the DHCP settings: validated, rendered with the static leases, checked by dnsmasq --test, then written',
    access: 'module',
    async handler(ctx, input) {
      const current = await loadDhcp(ctx.app);
      const r = reader(ctx, input);
      const iface = r.text('interface', { def: current.interface, max: 15 });
      const enabled = r.bool('enabled', current.enabled);
      const subnet = enabled && iface ? await dhcpSubnet(ctx.app, iface) : null;
      const doc = readDhcp(r, current, subnet);
      if (subnet?.ok && !r.errors.length) {
        const out = leasesOutside(await staticLeases(ctx.app.db.kysely), subnet.cidr);
        if (out)
          r.fail(
            'interface',
            texts('dns.staticLeaseWouldOutside', { ip: out.ip, mac: out.mac, dev: subnet.dev }),
          );
      }
      r.done();
      ctx.logDetail = `dhcp ${doc.enabled ? `${doc.range_start}-${doc.range_end}` : 'off'}`;
      return writeHalf(ctx, 'dhcp', { doc });
    },
  }),
  defineCallAction(dhcpCalls.apply, {
    summary:
      'Rewrites the DHCP file from the stored settings and the current static leases (lease writes do it themselves; this is for changes made elsewhere)',
    access: 'module',
    button: 'system:dhcp_set:edit',
    async handler(ctx) {
      return writeHalf(ctx, 'dhcp');
    },
  }),
  defineCallAction(dhcpCalls.check, {
    summary: 'Runs dnsmasq --test over the written files now',
    access: 'module',
    async handler({ app }) {
      return { ...(await halfStatus(app, 'dhcp')), dnsmasq: await dnsmasqInfo() };
    },
  }),
  defineCallAction(dnsmasqCalls.leases, {
    summary:
      'The current DHCPv4 and DHCPv6 leases from the dnsmasq lease file, marking those that match a static lease',
    access: 'module',
    async handler({ app, lang }) {
      const doc = await loadDhcp(app);
      const { leases, note, server_duid } = await readLeases(doc.leases_file, lang);
      const statics = await staticLeases(app.db.kysely);
      const list = leases
        .map((l) => {
          // Static leases are DHCPv4 (dhcp-host by MAC); a DHCPv6 lease has no MAC to match.
          const s = l.family === 'v4' ? statics.find((x) => x.mac === l.mac) : undefined;
          return {
            ...l,
            expiry: l.expires_at === null ? 'never' : formatDateTime(l.expires_at),
            static: s ? 1 : 0,
            static_id: s?.id ?? null,
            static_ip_differs: s && s.ip !== l.ip ? 1 : 0,
          };
        })
        .sort(
          (a, b) => a.family.localeCompare(b.family) || a.ip.localeCompare(b.ip, 'en', { numeric: true }),
        );
      return { list, total: list.length, file: doc.leases_file, note, server_duid };
    },
  }),
  defineCallAction(dhcpCalls.makeStatic, {
    summary: 'Turns a current lease (by MAC) into a static lease and rewrites the DHCP file',
    access: 'module',
    async handler(ctx, input) {
      const mac = normalizeMac(input.mac);
      if (!mac) throw fieldError(ctx.lang, 'mac', texts('dns.macMustMacAddress'));
      const doc = await loadDhcp(ctx.app);
      const lease = (await readLeases(doc.leases_file)).leases.find(
        (l) => l.family === 'v4' && l.mac === mac,
      );
      if (!lease) throw new ApiError(Code.notFound, say(ctx.lang, 'dns.noCurrentLeaseMac', { mac }));
      const def = resourceByName('system:dhcp_host');
      const hostname = lease.hostname && isHostName(lease.hostname) ? lease.hostname : '';
      // Checked (unique, in subnet) and stored like any static lease; undone if dnsmasq refuses.
      const { out: id, reply } = await writeWithRecords(ctx, 'dhcp', (tctx) =>
        insertRecord(
          { db: tctx.app.db.kysely as never, lang: tctx.lang, now: tctx.app.now() },
          def,
          { mac, ip: lease.ip, hostname, description: say(ctx.lang, 'dns.dhcpLease') },
          tctx.scope.writeSite(),
        ),
      );
      ctx.logDetail = `static lease #${id} ${mac} ${lease.ip}`;
      return { id, ...reply };
    },
  }),
  defineCallAction(dnsmasqCalls.exportDhcp, {
    summary: 'The DHCP dnsmasq configuration (settings and static leases) as a single-use download',
    access: 'module',
    async handler(ctx) {
      const { dhcp } = await renderBoth(ctx.app, ctx.app.db.kysely);
      return offerDownload(ctx.app, ctx.caller.user.id, 'igs-dhcp.conf', Buffer.from(dhcp));
    },
  }),
  defineCallAction(dhcpCalls.rollback, {
    summary:
      'Restores the previous DHCP settings and writes the file from them and the current static leases (checked by dnsmasq first)',
    access: 'module',
    async handler(ctx) {
      const r = await rollbackHalf(ctx, 'dhcp');
      if (!r) throw new ApiError(Code.conflict, say(ctx.lang, 'dns.noPreviousVersionRoll'));
      return r;
    },
  }),
];

const dnsActions = [
  defineCallAction(dnsCalls.detail, {
    summary: 'DNS settings (with domain overrides) and the state of the generated file (dnsmasq --test)',
    access: 'module',
    async handler({ app }) {
      return { ...(await loadDns(app)), config: await halfStatus(app, 'dns'), dnsmasq: await dnsmasqInfo() };
    },
  }),
  defineCallAction(dnsCalls.form, {
    summary:
      'Saves the DNS settings: validated, rendered with the host records, checked by dnsmasq --test, then written',
    access: 'module',
    async handler(ctx, input) {
      const r = reader(ctx, input);
      const doc = readDns(r, await loadDns(ctx.app));
      r.done();
      ctx.logDetail = `dns ${doc.enabled ? `port ${doc.port}, ${doc.upstream.length} upstream` : 'off'}`;
      return writeHalf(ctx, 'dns', { doc });
    },
  }),
  defineCallAction(dnsCalls.apply, {
    summary:
      'Rewrites the DNS file from the stored settings and the current host records (record writes do it themselves; this is for changes made elsewhere)',
    access: 'module',
    button: 'system:dns_set:edit',
    async handler(ctx) {
      return writeHalf(ctx, 'dns');
    },
  }),
  defineCallAction(dnsCalls.check, {
    summary: 'Runs dnsmasq --test over the written files now',
    access: 'module',
    async handler({ app }) {
      return { ...(await halfStatus(app, 'dns')), dnsmasq: await dnsmasqInfo() };
    },
  }),
  defineCallAction(dnsmasqCalls.exportDns, {
    summary: 'The DNS dnsmasq configuration (settings, overrides and host records) as a single-use download',
    access: 'module',
    async handler(ctx) {
      const { dns } = await renderBoth(ctx.app, ctx.app.db.kysely);
      return offerDownload(ctx.app, ctx.caller.user.id, 'igs-dns.conf', Buffer.from(dns));
    },
  }),
  defineCallAction(dnsCalls.rollback, {
    summary:
      'Restores the previous DNS settings and writes the file from them and the current host records (checked by dnsmasq first)',
    access: 'module',
    async handler(ctx) {
      const r = await rollbackHalf(ctx, 'dns');
      if (!r) throw new ApiError(Code.conflict, say(ctx.lang, 'dns.noPreviousVersionRoll'));
      return r;
    },
  }),
];

export const dnsmasqActions = [...dhcpActions, ...dnsActions];

/** What this module registers on the generic resource calls (listed by its feature). */
export const dnsmasqRegistrations: readonly Registration[] = [dhcpHostRule, dnsHostHostsImport];
