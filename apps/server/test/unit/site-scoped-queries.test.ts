import fs from 'node:fs';
import path from 'node:path';
import { resources } from '@igs/contract/resources';
import { describe, expect, it } from 'vitest';

/*
 * A handler reaches a site-scoped table only through `scoped(ctx)` (platform/resources/scope.ts),
 * which filters it to the call's sites: a hand-written query of such a table in a business
 * (`selectFrom`, `updateTable`, `deleteFrom` on it directly) fails here unless it is listed below
 * with the reason it needs no site filter. Site-scoped tables: every resource table of
 * packages/contract (each has `site_id`, SYSTEM_COLUMNS) and the hand tables with `site_id` in
 * platform/db/schema.ts. A table is recognised as a literal name (`'t'`, `'t as x'`), a string
 * constant of the same file, or a resource's `.table`.
 */

const SRC = path.resolve(import.meta.dirname, '../../src');

function handTablesWithSite(): string[] {
  const schema = fs.readFileSync(path.join(SRC, 'platform/db/schema.ts'), 'utf8');
  const withSite = new Set<string>();
  for (const m of schema.matchAll(/export interface (\w+) \{([^}]*)\}/g))
    if (/^\s*site_id\??:/m.test(m[2]!)) withSite.add(m[1]!);
  const out: string[] = [];
  for (const m of schema.matchAll(/^\s*(\w+): (\w+);$/gm)) if (withSite.has(m[2]!)) out.push(m[1]!);
  return out;
}

const SITE_TABLES = new Set([...resources.map((r) => r.table), ...handTablesWithSite()]);

/**
 * `file: table` → why a direct query needs no site filter. Keep each reason true: a new entry is
 * a call that works across sites on purpose.
 */
const EXCEPTIONS: Record<string, string> = {
  'features/ac/agent.ts: ac_ap':
    "device-facing: the AC agent's shared key names an AP by MAC, of whatever site",
  'features/ac/clients.ts: ac_ap': 'system job: forgets the stations of offline APs of every site',
  'features/ac/rules.ts: def.table':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/ac/upgrades.ts: ac_ap':
    "device-facing: settles an AP's firmware upgrade the agent reports, by the AP's id",
  'features/ac/verbs.ts: ac_ap':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/ac/verbs.ts: device_tasks':
    "resource verb: cancels the pending tasks of the AP the framework found in the call's sites, by its id",
  'features/device-tasks/queue.ts: device_tasks':
    'device queue: reads and writes the tasks of devices its callers already found in their sites, by device id (tasks carry the site of their device)',
  'features/ac/verbs.ts: ac_firmware_build':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/advert-rules/rules.ts: homepage.table':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/advert-rules/rules.ts: material.table':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/aiso/verbs.ts: def.table':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/area-imports/region-paths.ts: AREA.table':
    "import writer: given the import's one site (the generic import's writeSite)",
  'features/content-audit/items.ts: audited.def.table':
    'system job: the audit scan reads the audited records of every site',
  'features/content-audit/items.ts: uploads':
    'system job: the audit scan reads the audited records of every site',
  'features/content-audit/verbs.ts: audited.def.table':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/cwmp/acs.ts: tr069_device': 'device-facing: the ACS identifies a CPE by its own Inform',
  'features/cwmp/devices.ts: tr069_device':
    'device-facing: a CPE has one row by its identity whatever its site (the Inform names no site)',
  'features/demo/seed.ts: def.table': 'demo data: seeds every site',
  'features/home/site-figures.ts: home_site_figures':
    "system snapshot: one instance replaces every site's figures at once; a home call keeps only the rows of the sites its caller named or reaches (siteFigures' `sites`, from the call's scope)",
  'features/device-tasks/reboot-plans.ts: def.table':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/device-tasks/reboot-plans.ts: region.table':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/dnsmasq/service.ts: system_dhcp_host':
    "system: the host's dnsmasq files hold the gateway's (site 0) leases and hosts",
  'features/dnsmasq/service.ts: system_dns_host':
    "system: the host's dnsmasq files hold the gateway's (site 0) leases and hosts",
  'features/explorer/folders.ts: explorer_folders':
    "helpers given the sites (or the folder's site) by explorer/actions.ts, which takes them from ctx.scope",
  'features/explorer/references.ts: def.table':
    'counts the records of every site that use a file: deleting it must see them all',
  'features/cwmp/files.ts: tr069_file':
    "device-facing: a CPE fetches a Download's file by its task's token, of whatever site",
  'features/cwmp/files.ts: uploads':
    "device-facing: a CPE fetches a Download's file by its task's token, of whatever site",
  'features/hot-standby/sync-receive.ts: singletons':
    'system: the standby pair keeps its own hot-standby settings (gateway, site 0 singletons) across a sync',
  'features/hot-standby/sync-state.ts: singletons': 'system: the sync state is a gateway (site 0) singleton',
  'features/media-extras/epg-import.ts: epg.table':
    'storeGuide: given the one site of the import (writeSite) or of the source being synced, and filters by it',
  'features/video/verbs.ts: video_gb_device':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/video/verbs.ts: video_platform':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/video/gb28181/devices.ts: video_gb_device':
    'device-facing: a camera or NVR names itself by its GB28181 id in its REGISTER and MESSAGEs, of whatever site; a verb asks of a device it already found in its sites',
  'features/video/gb28181/devices.ts: video_gb_channel':
    'device-facing: the channels a device reports are stored under that device (its site), by its id',
  'features/video/gb28181/cascade.ts: video_platform':
    'system: the cascade keeps every parent platform registered, of every site, and answers a parent by its own record',
  'features/video/gb28181/cascade.ts: video_gb_channel':
    "system: a parent is answered with the channels its own record shares (a refs field the framework checked against that record's site)",
  'features/home/online-days.ts: terminal_online_days':
    'system job: the daily online sampler counts every site',
  'features/hot-standby/state.ts: singletons': 'system: the standby key is a gateway (site 0) singleton',
  'features/media-extras/epg-import.ts: live.table':
    "import format: programmes of the import's site (ctx.scope.writeSite())",
  'features/media-extras/rules.ts: def.table':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/media-extras/rules.ts: media_live':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/media-extras/rules.ts: media_rotation':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/media-extras/source-sync.ts: collected.table':
    "system job: a source sync runs for the source's own site",
  'features/media-extras/source-sync.ts: source.table':
    "system job: a source sync runs for the source's own site",
  'features/media-extras/source-sync.ts: uploads': "system job: a source sync runs for the source's own site",
  'features/media-extras/verbs.ts: collected.table':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/media-extras/verbs.ts: film.table':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/media-extras/verbs.ts: live.table':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/media-extras/verbs.ts: liveClass.table':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/media-extras/verbs.ts: media_broadcast_room':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/media-extras/verbs.ts: media_rotation':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/media-extras/verbs.ts: uploads':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/media-extras/writes.ts: broadcast.table':
    'after a generic import already scoped to the written site, marks the rows it just made',
  'features/menus/external-links.ts: externalLink.table':
    "the menu's external links are the gateway's (site 0) records",
  'features/network/actions.ts: uploads':
    'full-mode network page: an uploaded OpenVPN profile is read by its upload id',
  'features/outreach/actions.ts: outreach_events':
    "keyed by an interface or rows already found in the call's sites (findInterface, the occupancy list)",
  'features/outreach/actions.ts: system_area':
    "keyed by an interface or rows already found in the call's sites (findInterface, the occupancy list)",
  'features/outreach/events.ts: area_occupancy':
    'device-facing: PMS/HIS events name their interface, whose row names the site',
  'features/outreach/his.ts: area_occupancy':
    'device-facing: HIS events name their interface, whose row names the site',
  'features/outreach/links.ts: system_pms_interface': 'system job: the FIAS links of every site',
  'features/outreach/room-effects.ts: area_occupancy':
    "device-facing: effects of a PMS/HIS event in its interface's site",
  'features/outreach/room-effects.ts: media_live_package':
    "device-facing: effects of a PMS/HIS event in its interface's site",
  'features/outreach/room-effects.ts: media_user_package':
    "device-facing: effects of a PMS/HIS event in its interface's site",
  'features/outreach/room-effects.ts: smart_binding':
    "device-facing: effects of a PMS/HIS event in its interface's site",
  'features/outreach/room-effects.ts: smart_message':
    "device-facing: effects of a PMS/HIS event in its interface's site",
  'features/outreach/room-effects.ts: system_area':
    "device-facing: effects of a PMS/HIS event in its interface's site",
  'features/outreach/room-effects.ts: voice_extension':
    "device-facing: effects of a PMS/HIS event in its interface's site",
  'features/outreach/room-effects.ts: voice_wakeup':
    "device-facing: effects of a PMS/HIS event in its interface's site",
  'features/scheduler/actions.ts: timed_task_run':
    "runs of a task already found in the call's sites (findTask)",
  'features/scheduler/jobs.ts: media_source':
    "system job: a scheduled task's job runs for the task's own site",
  'features/scheduler/jobs.ts: smart_binding':
    "system job: a scheduled task's job runs for the task's own site",
  'features/scheduler/jobs.ts: smart_terminal':
    "system job: a scheduled task's job runs for the task's own site",
  'features/scheduler/scheduler.ts: timed_task_run':
    'system job: the scheduler records runs of tasks of every site',
  'features/smart-display/app-menu-tree.ts: def.table':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/smart-display/app-release-version.ts: def.table':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/smart-display/message-verbs.ts: smart_message':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/smart-display/order-stock.ts: shop_goods':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/smart-display/order-verbs.ts: shop_order':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/smart-display/scene-default.ts: def.table':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/smart-display/stored-values.ts: def.table':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/smart-display/template-tiles.ts: smart_app_menu':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/smart-display/terminal-verbs.ts: smart_terminal':
    "resource verb or write rule: works on records the framework already scoped to the call's sites",
  'features/smart-display/user-package.ts: media_user_package':
    "resource verb or write rule: works on records the framework already scoped to the call's sites",
  'features/smart-extras/app-command.ts: smart_terminal':
    'device-facing: a terminal takes and acknowledges its own commands',
  'features/smart-extras/app-command.ts: terminal_commands':
    'device-facing: a terminal takes and acknowledges its own commands',
  'features/smart-extras/app-menu-rules.ts: def.table':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/smart-extras/app-menu-rules.ts: smart_app_release':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/smart-extras/app-resource.ts: uploads':
    "an image of another site is offered when the caller uploaded it or the sites' menus use it (those are filtered through scoped)",
  'features/smart-extras/shop-config.ts: voice_extension':
    'singleton check given the written site; full-mode extensions (site 0) are allowed too',
  'features/smart-extras/terminal-stats.ts: smart_play_record':
    'terminalStats is given the sites (ctx.scope.read through scopeOf) and filters on them by hand',
  'features/smart-extras/terminal-stats.ts: smart_terminal':
    'terminalStats is given the sites (ctx.scope.read through scopeOf) and filters on them by hand',
  'features/terminal-api/credentials.ts: terminal_credentials':
    'device-facing: a terminal is identified by its credentials',
  'features/terminal-api/files.ts: uploads': "device-facing: a terminal's downloads, of its own site",
  'features/terminal-api/heartbeat.ts: terminal_commands': "device-facing: a terminal's heartbeat",
  'features/terminal-api/manifest.ts: area_occupancy':
    "device-facing: a terminal's manifest, of its own site",
  'features/terminal-records/verbs.ts: smart_terminal_event':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/tr069-extras/actions.ts: tr069_device':
    'full-mode page (site 0 only): the connection request test of a CPE',
  'features/tr069-extras/device-verbs.ts: tr069_device':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/tr069-extras/device-verbs.ts: tr069_file':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/tr069-extras/rules.ts: def.table':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/video/rules.ts: def.table':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/video/verbs.ts: video_media_server':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/video/verbs.ts: video_stream_proxy':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/video/verbs.ts: video_stream_push':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/video/zlm.ts: video_media_server':
    'takes the one site it works on from its caller, which filters on it by hand',
  'features/voice/calls-actions.ts: voice_cdr':
    "full-mode voice pages (site 0): the host's Asterisk serves the gateway's extensions",
  'features/voice/calls-actions.ts: voice_extension':
    "full-mode voice pages (site 0): the host's Asterisk serves the gateway's extensions",
  'features/voice/formats.ts: voice_contact_group':
    "vCard import: groups of the import's site (ctx.scope.writeSite()); export: names of the groups the exported contacts (already in the call's sites) name",
  'features/voice/management-actions.ts: voice_extension':
    "system: the host's Asterisk status counts the gateway's extensions",
  'features/voice/model-loader.ts: def.table':
    'takes the one site it works on from its caller, which filters on it by hand',
  'features/voice/numbering-plan.ts: def.table':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/voice/port-clash.ts: video_media_server':
    'system: a port clash is checked against the media servers of every site on this host',
  'features/voice/preplan-test.ts: smart_binding':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/voice/preplan-test.ts: system_area':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/voice/preplan-test.ts: voice_conference':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/voice/preplan-test.ts: voice_extension':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/voice/preplan-test.ts: voice_notify_task':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/voice/preplan-test.ts: voice_paging_group':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/voice/reg-state.ts: voice_extension':
    'system job: the registration sweep updates extensions of every site',
  'features/voice/route-order.ts: outboundRoute.table':
    "updates the routes already found in the call's write site (scoped above)",
  'features/voice/verb-support.ts: system_area':
    'takes the one site it works on from its caller, which filters on it by hand',
  'features/voice/verb-support.ts: uploads':
    'takes the one site it works on from its caller, which filters on it by hand',
  'features/voice/verb-support.ts: voice_extension':
    'takes the one site it works on from its caller, which filters on it by hand',
  'features/voice/verbs.ts: def.table':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/voice/verbs.ts: uploads':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/voice/verbs.ts: voice_contact':
    "resource verb: works on the records the framework found in the call's sites (platform/resources/verbs.ts), and on rows of their site, in the call's transaction",
  'features/voice/write-rules.ts: a.def.table':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
  'features/voice/write-rules.ts: def.table':
    'write rule: runs inside a generic write the framework already scoped to the written site, on rows of that site',
};

interface Hit {
  file: string;
  line: number;
  table: string;
  text: string;
}

function hits(): Hit[] {
  const out: Hit[] = [];
  const files = fs
    .readdirSync(path.join(SRC, 'features'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'));
  for (const rel of files) {
    const file = `features/${rel}`;
    const text = fs.readFileSync(path.join(SRC, file), 'utf8');
    const constants = new Map<string, string>();
    for (const m of text.matchAll(/const (\w+)\s*=\s*'([a-z0-9_]+)'/g)) constants.set(m[1]!, m[2]!);
    const call = /(scoped\([^()]*\)\s*)?\.(selectFrom|updateTable|deleteFrom)\(\s*([^,)]+)/g;
    for (const m of text.matchAll(call)) {
      if (m[1]) continue;
      const arg = m[3]!.trim();
      let table: string | undefined;
      const literal = /^['"`]([a-z0-9_]+)(?: as \w+)?['"`]$/.exec(arg);
      if (literal) table = literal[1];
      else if (constants.has(arg)) table = constants.get(arg);
      else if (/\.table$/.test(arg)) table = arg;
      if (!table || (!table.endsWith('.table') && !SITE_TABLES.has(table))) continue;
      const line = text.slice(0, m.index).split('\n').length;
      out.push({ file, line, table, text: text.split('\n')[line - 1]!.trim() });
    }
  }
  return out;
}

describe('site-scoped queries', () => {
  const found = hits();

  it('knows the site-scoped tables', () => {
    expect(SITE_TABLES.size).toBeGreaterThan(50);
    expect(SITE_TABLES.has('uploads')).toBe(true);
    expect(SITE_TABLES.has('users')).toBe(false);
  });

  it('queries a site-scoped table only through scoped(ctx), or says why not', () => {
    const bad = found.filter((h) => !EXCEPTIONS[`${h.file}: ${h.table}`]);
    expect(bad.map((h) => `${h.file}:${h.line} ${h.table}  ${h.text}`)).toEqual([]);
  });

  it('lists no exception that is no longer needed', () => {
    const used = new Set(found.map((h) => `${h.file}: ${h.table}`));
    expect(Object.keys(EXCEPTIONS).filter((k) => !used.has(k))).toEqual([]);
  });
});
