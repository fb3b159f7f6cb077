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
 * a call that works across sites on purpose. A reason says which of these holds for every direct
 * query of that table in that file (each was read against the code, issue 14):
 * - it filters on a site by hand (`site_id = site`, the verb's or rule's written site, a record's
 *   own site, or 0 for the gateway's host services and full-mode pages);
 * - its ids come only from records the framework already found in the call's sites (a verb's
 *   records, a write rule's selfId, a ref field the framework checked against the written site);
 * - it is device-facing (the device is known by its own credentials) or a system job over every
 *   site by design, and answers no other site's row to a caller.
 */
const EXCEPTIONS: Record<string, string> = {
  'features/ac/agent.ts: ac_ap':
    "device-facing: the AC agent's shared key (AC_AGENT_KEY) names an AP by its MAC, of whatever site; the poll then updates that AP by its id",
  'features/ac/clients.ts: ac_ap':
    'system job: forgets the stations of the APs not online, of every site (ids only, in a subquery)',
  'features/ac/rules.ts: def.table':
    'write rule: reads the edited record by its id (selfId, which the framework found in the written site) and filters other rows on the written site (`site`)',
  'features/ac/upgrades.ts: ac_ap':
    "device-facing: settles the firmware of the AP whose agent acknowledged the upgrade, by that AP's id",
  'features/ac/verbs.ts: ac_ap':
    "resource verb: updates the APs the framework found in the write site by their ids; ap_id and a batch's targets are looked up with `site_id = site` (planTargets)",
  'features/ac/verbs.ts: ac_firmware_build':
    "resource verb: the build named by the input is looked up with `site_id = site`, the verb's write site",
  'features/ac/verbs.ts: device_tasks':
    'resource verb: cancels the pending tasks of the AP the framework found in the write site, by its id (device ids are unique across sites)',
  'features/advert-rules/rules.ts: homepage.table':
    'reference counter: counts the homepage ads of every site whose items name the materials being deleted, so a delete sees every use (it answers a count, no row)',
  'features/advert-rules/rules.ts: material.table':
    "write rule: looks up the items' materials with `site_id in refScope(material, [site])`, the written site",
  'features/aiso/verbs.ts: def.table':
    "resource verb: on the records the framework found in the call's write site (platform/resources/verbs.ts recordsInScope), by their ids",
  'features/area-imports/region-paths.ts: AREA.table':
    "import writer: reads the areas with `site_id = site`, the generic import's write site",
  'features/content-audit/items.ts: audited.def.table':
    "system: after an audited write, brings the gateway's audit queue (site 0 items, full mode only) in line with the audited records of every site; nothing of them is answered to the caller",
  'features/content-audit/items.ts: uploads':
    "system: the audit queue's mime and size of an upload an audited record names (by its id)",
  'features/content-audit/verbs.ts: audited.def.table':
    "resource verb (full mode only): sets the verdict on the audited record each audit item names, by its id; the items were found in the write site (site 0), whose queue covers every site's content",
  'features/cwmp/acs.ts: tr069_device':
    'device-facing: the ACS reads and updates the CPE of the CWMP session by the id its Inform resolved to',
  'features/cwmp/devices.ts: tr069_device':
    'device-facing: a CPE has one row by its identity (OUI, product class, serial) whatever its site; the Inform names no site',
  'features/cwmp/files.ts: tr069_file':
    "device-facing: a CPE fetches a Download's file by its task's one-time token; the file is the one the task names",
  'features/cwmp/files.ts: uploads':
    "device-facing: a CPE fetches a Download's file by its task's one-time token; the upload is the one the task's file names",
  'features/demo/seed.ts: def.table': 'demo data: checks whether any site holds a record before seeding',
  'features/device-tasks/queue.ts: device_tasks':
    "device queue: reads and writes tasks by task, operation or device ids its callers already found in their site (verbs' records, planTargets with `site_id = site`, a device by its own credentials); device ids are unique across sites",
  'features/device-tasks/reboot-plans.ts: def.table':
    'write rule: reads the edited record by its id (selfId, which the framework found in the written site) and filters other rows on the written site (`site`)',
  'features/device-tasks/reboot-plans.ts: region.table':
    "a plan's areas: read with `site_id in refScope(region, [site])`, the plan's own site",
  'features/dnsmasq/service.ts: system_dhcp_host':
    "system: the host's dnsmasq serves the gateway's network: filtered on `site_id = 0` by hand (no call's scope applies)",
  'features/dnsmasq/service.ts: system_dns_host':
    "system: the host's dnsmasq serves the gateway's network: filtered on `site_id = 0` by hand (no call's scope applies)",
  'features/explorer/folders.ts: explorer_folders':
    "helpers filtered by hand: folderIn on the sites explorer/actions.ts passes from ctx.scope, pathOf on the folder's own site, siblingNamed on the write site",
  'features/explorer/references.ts: def.table':
    'reference count over every site: deleting an upload must see every record that shows it (only counts are answered)',
  'features/home/online-days.ts: terminal_online_days':
    "system job: the online sampler writes and purges the days of every site; the home read filters its counts on the caller's sites by hand (the sampler's marks carry no site)",
  'features/home/site-figures.ts: home_site_figures':
    "system snapshot: one instance replaces every site's figures at once; a home call keeps only the rows of the sites its caller named or reaches (siteFigures' `sites`, from the call's scope)",
  'features/hot-standby/state.ts: singletons':
    "system: the standby key is the gateway's singleton, filtered on `site_id = 0` by hand",
  'features/hot-standby/sync-receive.ts: singletons':
    "system: a sync keeps this gateway's own hot-standby rows (named hot-standby:*, the gateway's only) aside and puts them back",
  'features/hot-standby/sync-state.ts: singletons':
    "system: the sync state is the gateway's singleton, filtered on `site_id = 0` by hand",
  'features/media-extras/epg-import.ts: epg.table':
    "storeGuide: filters by hand on the one site it is given (the import's writeSite, or the synced source's site)",
  'features/media-extras/epg-import.ts: live.table':
    "programmesByXmltvId: filters by hand on the one site it is given (the import's writeSite, or the synced source's site)",
  'features/media-extras/rules.ts: def.table':
    "write rule: reads the edited record by its id (selfId, found in the written site), a parent class the framework's reference check found in the site, and other rows with `site_id = site`",
  'features/media-extras/rules.ts: media_live': 'write rule: filters on `site_id = site`, the written site',
  'features/media-extras/rules.ts: media_rotation':
    'write rule: filters on `site_id = site`, the written site',
  'features/media-extras/source-sync.ts: collected.table':
    "source sync (verb or scheduled task): reads with `site_id = site`, the source's site, and updates or deletes the rows it read, by id",
  'features/media-extras/source-sync.ts: source.table':
    'source sync (verb or scheduled task): records the result on the synced source, by its id',
  'features/media-extras/source-sync.ts: uploads':
    'source sync: reads the uploaded playlist the source record names, by its upload id',
  'features/media-extras/verbs.ts: collected.table':
    "resource verb: on the records the framework found in the call's write site (platform/resources/verbs.ts recordsInScope), by their ids",
  'features/media-extras/verbs.ts: film.table':
    "resource verb: the films the rotation record names (film_ids, a refs field the framework checked against the record's site) and the film record itself, by id",
  'features/media-extras/verbs.ts: live.table':
    "resource verb: programmes by `site_id = site` (the write site), a probed record by its id, or whether a collected channel's own imported programme still exists",
  'features/media-extras/verbs.ts: liveClass.table':
    'resource verb: programme classes filtered on `site_id = site`, the write site',
  'features/media-extras/verbs.ts: media_broadcast_room':
    "resource verb: on the records the framework found in the call's write site (platform/resources/verbs.ts recordsInScope), by their ids",
  'features/media-extras/verbs.ts: media_rotation':
    'resource verb: the rotation the framework found in the write site by its id, and channel numbers with `site_id = site`',
  'features/media-extras/verbs.ts: uploads':
    'resource verb: the video files the films named by the record name, by their upload ids',
  'features/media-extras/writes.ts: broadcast.table':
    'after the generic add (scoped to the write site), sets the keys of the row it just made, by the id it answered',
  'features/menus/external-links.ts: externalLink.table':
    "the menu's external links are the gateway's records: filtered on `site_id = 0` by hand",
  'features/network/actions.ts: uploads':
    "full-mode network page (no operations endpoint): an uploaded OpenVPN profile is read by the upload id the gateway's admin sent",
  'features/outreach/actions.ts: outreach_events':
    'full mode: the last event of the interface found through scoped (findInterface), by its id',
  'features/outreach/actions.ts: system_area':
    'full mode: names of the areas the occupancy rows (read through scoped) name, by their ids',
  'features/outreach/events.ts: area_occupancy':
    "device-facing: a PMS link's events, filtered on the link's own interface id (whose row names the site)",
  'features/outreach/his.ts: area_occupancy':
    "device-facing: HIS events, filtered on the calling interface's own id (whose row names the site)",
  'features/outreach/links.ts: system_pms_interface':
    'system job: keeps the FIAS links of every site connected and records their state, by interface id',
  'features/outreach/room-effects.ts: area_occupancy':
    "device-facing: a PMS/HIS event's effects, filtered on `site_id = room.site_id` (the interface's site)",
  'features/outreach/room-effects.ts: media_live_package':
    "device-facing: a PMS/HIS event's effects, filtered on `site_id = room.site_id` (the interface's site)",
  'features/outreach/room-effects.ts: media_user_package':
    "device-facing: a PMS/HIS event's effects, filtered on `site_id = room.site_id` (the interface's site)",
  'features/outreach/room-effects.ts: smart_binding':
    "device-facing: a PMS/HIS event's effects, filtered on `site_id = room.site_id` (the interface's site)",
  'features/outreach/room-effects.ts: smart_message':
    "device-facing: a PMS/HIS event's effects, filtered on `site_id = room.site_id` (the interface's site)",
  'features/outreach/room-effects.ts: system_area':
    "device-facing: a PMS/HIS event's room, filtered on `site_id = site` (the interface's site)",
  'features/outreach/room-effects.ts: voice_extension':
    "device-facing: the room's extensions, filtered on `site_id = room.site_id`, or by the ids of the room's bindings (of that site)",
  'features/outreach/room-effects.ts: voice_wakeup':
    "device-facing: cancels the wake-ups of the room's extensions (found in the interface's site), by their ids",
  'features/scheduler/actions.ts: timed_task_run':
    'runs of a task found through scoped (findTask), by its id; after a delete, the runs of the sent ids whose task no longer exists',
  'features/scheduler/jobs.ts: media_source':
    "system job: a scheduled task's job filters on `site_id = task.site_id`, the task's own site",
  'features/scheduler/jobs.ts: smart_binding':
    "system job: a subquery by the task's area ids inside a terminal query filtered on `site_id = task.site_id`",
  'features/scheduler/jobs.ts: smart_terminal':
    "system job: a scheduled task's job filters on `site_id = task.site_id`, the task's own site",
  'features/scheduler/scheduler.ts: timed_task_run':
    'system job: the scheduler records and settles the runs of tasks of every site, by run or task id',
  'features/smart-display/app-menu-tree.ts: def.table':
    "write rule: the parent the framework's reference check found in the written site, and the children of the edited record (selfId, found in the written site), by id",
  'features/smart-display/app-release-version.ts: def.table':
    'write rule: reads the edited record by its id (selfId, which the framework found in the written site) and filters other rows on the written site (`site`)',
  'features/smart-display/message-verbs.ts: smart_message':
    "resource verb: on the records the framework found in the call's write site (platform/resources/verbs.ts recordsInScope), by their ids",
  'features/smart-display/order-stock.ts: shop_goods':
    "write rule and cancel verb: goods read with `site_id = site` (the order's site), then updated by the ids read",
  'features/smart-display/order-verbs.ts: shop_order':
    "resource verb: on the records the framework found in the call's write site (platform/resources/verbs.ts recordsInScope), by their ids",
  'features/smart-display/scene-default.ts: def.table':
    'write rule: filters on `site_id = site`, the written site',
  'features/smart-display/stored-values.ts: def.table':
    'write rule helper: reads the edited record by its id (selfId, which the framework found in the written site)',
  'features/smart-display/template-tiles.ts: smart_app_menu':
    'write rule: filters on `site_id = site`, the written site',
  'features/smart-display/terminal-verbs.ts: smart_terminal':
    "resource verb: on the records the framework found in the call's write site (platform/resources/verbs.ts recordsInScope), by their ids",
  'features/smart-display/user-package.ts: media_user_package':
    "resource verb: on the records the framework found in the call's write site (platform/resources/verbs.ts recordsInScope), by their ids",
  'features/smart-extras/app-command.ts: smart_terminal':
    'device-facing: a terminal, identified by its credentials, acknowledges its own commands',
  'features/smart-extras/app-command.ts: terminal_commands':
    'device-facing: a terminal, identified by its credentials, takes and acknowledges its own commands (filtered on its terminal id)',
  'features/smart-extras/app-menu-rules.ts: def.table':
    'write rule: reads the edited record by its id (selfId, which the framework found in the written site) and filters other rows on the written site (`site`)',
  'features/smart-extras/app-menu-rules.ts: smart_app_release':
    'write rule: filters on `site_id = site`, the written site',
  'features/smart-extras/app-resource.ts: uploads':
    "filters by hand: images of the caller's sites (ctx.scope.read), the caller's own uploads, and the icons of those sites' menus (read through scoped)",
  'features/smart-extras/shop-config.ts: voice_extension':
    "singleton check: the extension must exist in the written site or the gateway's (site 0), filtered by hand; it answers no row",
  'features/smart-extras/terminal-stats.ts: smart_play_record':
    'terminalStats filters by hand on the sites it is given (ctx.scope.read through scopeOf)',
  'features/smart-extras/terminal-stats.ts: smart_terminal':
    'terminalStats filters by hand on the sites it is given (ctx.scope.read through scopeOf)',
  'features/terminal-api/credentials.ts: terminal_credentials':
    'device-facing: a terminal is identified by its own credentials (token or terminal id)',
  'features/terminal-api/files.ts: uploads':
    "device-facing: facts of the files a terminal's own manifest names, by upload id",
  'features/terminal-api/heartbeat.ts: terminal_commands':
    "device-facing: a terminal's heartbeat settles its own command (filtered on its terminal id)",
  'features/terminal-api/manifest.ts: area_occupancy':
    "device-facing: a terminal's manifest, filtered on `site_id = t.site_id`, the terminal's own site",
  'features/terminal-records/verbs.ts: smart_terminal_event':
    'resource verb: the records the framework found in the write site by their ids, or every unread one with `site_id = site`',
  'features/tr069-extras/actions.ts: tr069_device':
    'full-mode page: the connection request test of a CPE, filtered on `site_id = 0` by hand',
  'features/tr069-extras/device-verbs.ts: tr069_device':
    "resource verb: on the records the framework found in the call's write site (platform/resources/verbs.ts recordsInScope), by their ids",
  'features/tr069-extras/device-verbs.ts: tr069_file':
    'resource verb: the file named by the input is looked up with `site_id` of the CPE the framework found in the write site',
  'features/tr069-extras/rules.ts: def.table':
    'write rule: reads the edited record by its id (selfId, which the framework found in the written site)',
  'features/video/gb28181/cascade.ts: video_gb_channel':
    "system: a parent platform is answered with the channels its own record shares (a refs field the framework checked against that record's site), by id",
  'features/video/gb28181/cascade.ts: video_platform':
    'system: the cascade keeps every enabled parent platform registered, of every site, and knows a parent by its own GB id and address',
  'features/video/gb28181/devices.ts: video_gb_channel':
    'device-facing: the channels a device reports are stored under that device (its site), by its id',
  'features/video/gb28181/devices.ts: video_gb_device':
    'device-facing: a camera or NVR names itself by its GB28181 id in its REGISTER and MESSAGEs, of whatever site; a verb asks of a device it already found in its sites',
  'features/video/rules.ts: def.table':
    'write rule: reads the edited record by its id (selfId, which the framework found in the written site) and filters other rows on the written site (`site`)',
  'features/video/verbs.ts: video_gb_device':
    "resource verb: on the records the framework found in the call's write site (platform/resources/verbs.ts recordsInScope), by their ids",
  'features/video/verbs.ts: video_media_server':
    "resource verb: marks online the media server record the framework found in the write site, by its id (read by mediaServerFor on the record's site and id)",
  'features/video/verbs.ts: video_platform':
    "resource verb: on the records the framework found in the call's write site (platform/resources/verbs.ts recordsInScope), by their ids",
  'features/video/verbs.ts: video_stream_proxy':
    "resource verb: on the records the framework found in the call's write site (platform/resources/verbs.ts recordsInScope), by their ids",
  'features/video/verbs.ts: video_stream_push':
    "resource verb: on the records the framework found in the call's write site (platform/resources/verbs.ts recordsInScope), by their ids",
  'features/video/zlm.ts: video_media_server':
    "mediaServerFor filters on `site_id = site`, the record's site its caller passes",
  'features/voice/calls-actions.ts: voice_cdr':
    "full-mode voice pages: the host's Asterisk serves the gateway's calls, filtered on `site_id = 0` by hand",
  'features/voice/calls-actions.ts: voice_extension':
    "full-mode voice pages: the host's Asterisk serves the gateway's extensions, filtered on `site_id = 0` by hand",
  'features/voice/formats.ts: voice_contact_group':
    "vCard import: groups filtered on the import's site (ctx.scope.writeSite()); export: names of the groups the exported contacts (read through scoped) name, by id",
  'features/voice/management-actions.ts: voice_extension':
    "system: the host's Asterisk status counts the gateway's extensions, filtered on `site_id = 0` by hand",
  'features/voice/model-loader.ts: def.table':
    "filters on `site_id = site`, the one site its callers pass: the gateway's (0) for the host's Asterisk, or the site of exported rows read through scoped (pjsip-export)",
  'features/voice/numbering-plan.ts: def.table': 'write rule: filters on `site_id = site`, the written site',
  'features/voice/port-clash.ts: video_media_server':
    'system: a port clash is checked against the media servers of every site that run on this host (only a verdict is answered)',
  'features/voice/preplan-test.ts: smart_binding':
    'resource verb helper: filters on the site of the plan the framework found in the write site',
  'features/voice/preplan-test.ts: system_area':
    'resource verb helper: filters on the site of the plan the framework found in the write site',
  'features/voice/preplan-test.ts: voice_conference':
    'resource verb helper: filters on the site of the plan the framework found in the write site',
  'features/voice/preplan-test.ts: voice_extension':
    'resource verb helper: filters on the site of the plan the framework found in the write site',
  'features/voice/preplan-test.ts: voice_notify_task':
    'resource verb helper: filters on the site of the plan the framework found in the write site',
  'features/voice/preplan-test.ts: voice_paging_group':
    'resource verb helper: filters on the site of the plan the framework found in the write site',
  'features/voice/reg-state.ts: voice_extension':
    "system job: the registration sweep reads the gateway's extensions (`site_id = 0`, served by this host's Asterisk) and updates them by id",
  'features/voice/route-order.ts: outboundRoute.table':
    "updates by id the routes just read through scoped in the call's write site",
  'features/voice/verb-support.ts: system_area':
    "areasUnder: the areas below roots a record of its caller names; areas nest only within their site, so every id found is of the roots' site",
  'features/voice/verb-support.ts: uploads':
    "soundPath: the sound file the caller's record names, by its upload id",
  'features/voice/verb-support.ts: voice_extension':
    "extensionByNumber filters on the site its caller passes (the record's); extensionById reads the extension a record's ref field names (checked against its site)",
  'features/voice/verbs.ts: def.table':
    'resource verb: the records the framework found in the write site by their ids, or rows with `site_id = site`',
  'features/voice/verbs.ts: uploads':
    'resource verb: the uploaded call list, filtered on `site_id = site`, the write site',
  'features/voice/verbs.ts: voice_contact':
    'resource verb: contacts filtered on `site_id = site`, the write site',
  'features/voice/write-rules.ts: a.def.table': 'write rule: filters on `site_id = site`, the written site',
  'features/voice/write-rules.ts: def.table': 'write rule: filters on `site_id = site`, the written site',
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
