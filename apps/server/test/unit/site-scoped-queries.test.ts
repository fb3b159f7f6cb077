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
 * platform/db/schema.ts. A table is recognised as a literal name (`'t'`, `'t as x'`), a constant
 * of the same file or imported from a relative one (a string, `resourceByName('x').table`), a value
 * of a constant map (`TABLES.terminal`, every value for `DEVICE_TABLE[domain]`), or a resource's
 * `.table`; any other argument (a parameter, `planTable(domain)`) is named as written and must be
 * listed too.
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
  'features/ac/agent.ts: device_tasks':
    "device-facing: the AC agent's poll and ack read and settle the tasks of the AP its shared key and MAC named (requireAp), filtered on that AP's id (`device_id`)",
  'features/ac/clients.ts: ac_ap':
    'system job: forgets the stations of the APs not online, of every site (ids only, in a subquery)',
  'features/ac/rules.ts: def.table':
    'write rule: reads the edited record by its id (selfId, which the framework found in the written site) and filters other rows on the written site (`site`)',
  'features/ac/upgrades.ts: ac_ap':
    "device-facing: settles the firmware of the AP whose agent acknowledged the upgrade, by that AP's id",
  'features/ac/upgrades.ts: ac_upgrade_operation':
    "device-facing and system job: settles an upgrade operation by the id its task carries (the agent's ack of its own AP's task, or the sweep of unanswered upgrades of every site); nothing is answered to a caller",
  'features/ac/upgrades.ts: device_tasks':
    'system job: the device-presence sweep fails or cancels the AP upgrade tasks of every site nobody will answer, by task id (only counts are returned)',
  'features/ac/verbs.ts: ac_ap':
    "resource verb: updates the APs the framework found in the write site by their ids; ap_id and a batch's targets are looked up with `site_id = site` (planTargets)",
  'features/ac/verbs.ts: ac_firmware_build':
    "resource verb: the build named by the input is looked up with `site_id = site`, the verb's write site",
  'features/ac/verbs.ts: ac_upgrade_operation':
    'resource verb: cancels the upgrade operation the framework found in the write site (records[0]), by its id',
  'features/ac/verbs.ts: device_tasks':
    'resource verb: cancels the pending tasks of the AP the framework found in the write site, by its id (device ids are unique across sites)',
  'features/advert-rules/rules.ts: homepage.table':
    'reference counter: counts the homepage ads of every site whose items name the materials being deleted, so a delete sees every use (it answers a count, no row)',
  'features/advert-rules/rules.ts: material.table':
    "write rule: looks up the items' materials with `site_id in refScope(material, [site])`, the written site",
  'features/aiso/verbs.ts: def.table':
    "resource verb: on the records the framework found in the call's write site (platform/resources/verbs.ts recordsInScope), by their ids",
  'features/area-imports/binding-csv.ts: table':
    "import format helper idsBy: its callers pass a resource's table (the terminal's or the extension's) and the import's sites, filtered by hand with `site_id in sites`",
  'features/area-imports/region-paths.ts: AREA.table':
    "import writer: reads the areas with `site_id = site`, the generic import's write site",
  'features/backup/database-dump.ts: t':
    'backup restore: empties every table of the archive before loading it, of every site, by design',
  'features/backup/database-dump.ts: table.name':
    'backup: the dump reads every table whole, of every site, by design (an archive of the deployment)',
  'features/content-audit/items.ts: audited.def.table':
    "system: after an audited write, brings the gateway's audit queue (site 0 items, full mode only) in line with the audited records of every site; nothing of them is answered to the caller",
  'features/content-audit/items.ts: system_audit_item':
    "system: after an audited write, keeps the gateway's audit queue (site 0 items, read and changed by the audited record's type and id) in line with the audited records of every site; nothing of them is answered to the caller",
  'features/content-audit/items.ts: uploads':
    "system: the audit queue's mime and size of an upload an audited record names (by its id)",
  'features/content-audit/verbs.ts: audited.def.table':
    "resource verb (full mode only): sets the verdict on the audited record each audit item names, by its id; the items were found in the write site (site 0), whose queue covers every site's content",
  'features/content-audit/verbs.ts: system_audit_item':
    'resource verb (full mode only): sets the verdict on the audit items the framework found in the write site (site 0), by their ids',
  'features/cwmp/acs.ts: device_tasks':
    "device-facing: the tasks of the CPE whose Inform opened the session, filtered on that device's id (`device_id`)",
  'features/cwmp/acs.ts: tr069_device':
    'device-facing: the ACS reads and updates the CPE of the CWMP session by the id its Inform resolved to',
  'features/cwmp/devices.ts: tr069_device':
    'device-facing: a CPE has one row by its identity (OUI, product class, serial) whatever its site; the Inform names no site',
  'features/cwmp/files.ts: device_tasks':
    "device-facing: a CPE fetches a Download's file by its task's one-time token; the task is the one the token's id names and its hash matches",
  'features/cwmp/files.ts: tr069_file':
    "device-facing: a CPE fetches a Download's file by its task's one-time token; the file is the one the task names",
  'features/cwmp/files.ts: uploads':
    "device-facing: a CPE fetches a Download's file by its task's one-time token; the upload is the one the task's file names",
  'features/cwmp/sessions.ts: device_tasks':
    "device-facing: the CWMP session claims and settles the tasks of its own CPE, filtered on that device's id (`device_id`)",
  'features/demo/seed.ts: def.table': 'demo data: checks whether any site holds a record before seeding',
  'features/demo/simulator.ts: table':
    "demo simulator: exists(table) is called with ac_ap, tr069_device and the terminal table, filtered on `site_id = 0` by hand (the demo's devices are the gateway's)",
  'features/device-presence/sweep.ts: table':
    'system job: clear(table) is called with ac_ap and tr069_device, marking offline the devices of every site not heard from (only counts are returned)',
  'features/device-tasks/history.ts: device_tasks':
    "the tasks of the device found through scoped in the call's sites just above, by its id (device ids are unique across sites)",
  'features/device-tasks/queue.ts: ac_ap':
    "device queue: refreshPendingCounts updates the AP rows its callers named (found in their site, or the polling device itself) by id; dropTasksOfDeletedDevices only tests whether a task's device still exists, in any site (a subquery; nothing answered)",
  'features/device-tasks/queue.ts: device_tasks':
    "device queue: reads and writes tasks by task, operation or device ids its callers already found in their site (verbs' records, planTargets with `site_id = site`, a device by its own credentials); device ids are unique across sites",
  'features/device-tasks/queue.ts: tr069_device':
    "device queue: refreshPendingCounts updates the CPE rows its callers named (found in their site, or the device of the session) by id; dropTasksOfDeletedDevices only tests whether a task's device still exists, in any site (a subquery; nothing answered)",
  'features/device-tasks/reboot-plans.ts: ac_ap':
    "planTargets: the APs of the plan's own site, filtered on `site_id = site`",
  'features/device-tasks/reboot-plans.ts: def.table':
    'write rule: reads the edited record by its id (selfId, which the framework found in the written site) and filters other rows on the written site (`site`)',
  'features/device-tasks/reboot-plans.ts: planTable(domain)':
    "system job (runDuePlans and runPlan): the reboot plans of every site (`planTable(domain)`, ac:reboot_plan or tr069:reboot_plan) are read and their next_run_at and last result set by the plan's id; each plan queues only devices of its own site",
  'features/device-tasks/reboot-plans.ts: region.table':
    "a plan's areas: read with `site_id in refScope(region, [site])`, the plan's own site",
  'features/device-tasks/reboot-plans.ts: table':
    "moveNext and runDuePlans: `table` is planTable(domain), the reboot plans of every site, changed by the plan's id (see planTable(domain))",
  'features/device-tasks/reboot-plans.ts: tr069_device':
    "planTargets: the CPEs of the plan's own site, filtered on `site_id = site`",
  'features/dnsmasq/service.ts: system_dhcp_host':
    "system: the host's dnsmasq serves the gateway's network: filtered on `site_id = 0` by hand (no call's scope applies)",
  'features/dnsmasq/service.ts: system_dns_host':
    "system: the host's dnsmasq serves the gateway's network: filtered on `site_id = 0` by hand (no call's scope applies)",
  'features/explorer/folders.ts: explorer_folders':
    "helpers filtered by hand: folderIn on the sites explorer/actions.ts passes from ctx.scope, pathOf on the folder's own site, siblingNamed on the write site",
  'features/explorer/references.ts: def.table':
    'reference count over every site: deleting an upload must see every record that shows it (only counts are answered)',
  'features/home/call-figures.ts: voice_cdr':
    "home figures: filtered by hand on the sites given (`sites`, from the home call's scope; `site_id in sites`, or groupedBySite)",
  'features/home/device-figures.ts: table':
    "home figures: `table` is ac_ap or tr069_device, grouped by groupedBySite on the sites given (from the home call's scope)",
  'features/home/figures.ts: media_live':
    "home figures: grouped by groupedBySite on the sites given (from the home call's scope)",
  'features/home/online-days.ts: smart_terminal':
    "system job and home read: the sampler records the terminals of every site heard today (with their site); the home read filters its count on the caller's sites by hand (`site_id in sites`)",
  'features/home/online-days.ts: terminal_online_days':
    "system job: the online sampler writes and purges the days of every site; the home read filters its counts on the caller's sites by hand (the sampler's marks carry no site)",
  'features/home/site-figures.ts: home_site_figures':
    "system snapshot: one instance replaces every site's figures at once; a home call keeps only the rows of the sites its caller named or reaches (siteFigures' `sites`, from the call's scope)",
  'features/home/voice-figures.ts: voice_extension':
    "the host's Asterisk serves the gateway's extensions: filtered on `site_id = 0` by hand",
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
  'features/outreach/his.ts: system_pms_interface':
    'device-facing: a HIS call is known by its bearer token, compared with every enabled his_http interface (of whatever site) in constant time; the interface found names the site',
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
  'features/scheduler/actions.ts: system_scheduled_job':
    "after a delete: which of the sent ids still have a task in any site, so that only the runs of ids with no task anywhere are deleted (scoped, another site's task would count as gone and lose its runs); answers nothing",
  'features/scheduler/actions.ts: timed_task_run':
    'runs of a task found through scoped (findTask), by its id; after a delete, the runs of the sent ids whose task no longer exists',
  'features/scheduler/jobs.ts: media_source':
    "system job: a scheduled task's job filters on `site_id = task.site_id`, the task's own site",
  'features/scheduler/jobs.ts: smart_binding':
    "system job: a subquery by the task's area ids inside a terminal query filtered on `site_id = task.site_id`",
  'features/scheduler/jobs.ts: smart_terminal':
    "system job: a scheduled task's job filters on `site_id = task.site_id`, the task's own site",
  'features/scheduler/scheduler.ts: system_scheduled_job':
    "system job: the scheduler reads the tasks of every site, runs each in its own site (task.site_id) and records next_run_at and the last result by the task's id",
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
    "filters by hand: uploads of the caller's sites and the gateway's (uploadSitesInReach(ctx.scope.read)), the caller's own among them, and the icons of those sites' menus (read through scoped)",
  'features/smart-extras/shop-config.ts: voice_extension':
    "singleton check: the extension must exist in the written site or the gateway's (site 0), filtered by hand; it answers no row",
  'features/smart-extras/terminal-stats.ts: smart_play_record':
    'terminalStats filters by hand on the sites it is given (ctx.scope.read through scopeOf)',
  'features/smart-extras/terminal-stats.ts: smart_terminal':
    'terminalStats filters by hand on the sites it is given (ctx.scope.read through scopeOf)',
  'features/terminal-api/ads.ts: advert_material':
    "device-facing: a terminal's ads, filtered on `site_id = t.site_id`, the terminal's own site",
  'features/terminal-api/ads.ts: media_user_package':
    "device-facing: a terminal's packages, filtered on `site_id = t.site_id`, the terminal's own site",
  'features/terminal-api/ads.ts: table':
    "device-facing: `current(table)` is called with the ad tables (TABLES.bootAd, homepageAd, liveAd, textAd), filtered on `site_id = t.site_id`, the terminal's own site",
  'features/terminal-api/credentials.ts: terminal_credentials':
    'device-facing: a terminal is identified by its own credentials (token or terminal id)',
  'features/terminal-api/files.ts: uploads':
    "device-facing: facts of the files a terminal's own manifest names, by upload id",
  'features/terminal-api/heartbeat.ts: smart_app_release':
    "device-facing: a release named by the terminal's own command, filtered on `site_id = t.site_id`",
  'features/terminal-api/heartbeat.ts: smart_message':
    "device-facing: replies to the terminal's own messages, filtered on `site_id = t.site_id`",
  'features/terminal-api/heartbeat.ts: terminal_commands':
    "device-facing: a terminal's heartbeat settles its own command (filtered on its terminal id)",
  'features/terminal-api/manifest.ts: area_occupancy':
    "device-facing: a terminal's manifest, filtered on `site_id = t.site_id`, the terminal's own site",
  'features/terminal-api/manifest.ts: smart_app_menu':
    "device-facing: the terminal's manifest, filtered on `site_id = t.site_id`, the terminal's own site",
  'features/terminal-api/manifest.ts: smart_easy_template':
    "device-facing: the scene's template, filtered on `site_id in (t.site_id, 0)` (templates are shared from the gateway)",
  'features/terminal-api/manifest.ts: smart_scene':
    "device-facing: the terminal's manifest, filtered on `site_id = t.site_id`, the terminal's own site",
  'features/terminal-api/manifest.ts: smart_scene_resource':
    "device-facing: the terminal's manifest, filtered on `site_id = t.site_id`, the terminal's own site",
  'features/terminal-api/manifest.ts: system_theme':
    "device-facing: the themes of the terminal's site and the gateway's, filtered on `site_id in (t.site_id, 0)`",
  'features/terminal-api/play.ts: smart_play_record':
    "device-facing: the terminal's own play records, filtered on `site_id = t.site_id`",
  'features/terminal-api/presence.ts: smart_binding':
    "system job: the offline sweep's room labels, the bindings of the terminals it flipped by their ids, kept only when of the terminal's own site",
  'features/terminal-api/presence.ts: smart_play_record':
    'system job: the retention purge drops old play records of every site (only a count is returned)',
  'features/terminal-api/presence.ts: smart_terminal':
    'device-facing and system job: markSeen updates the calling terminal by its own id; the offline sweep flips stale terminals of every site; terminal figures are grouped by groupedBySite on the sites given',
  'features/terminal-api/presence.ts: system_area':
    "system job: the offline sweep's room labels, the areas of the bindings just read, by id, keyed by their site and matched to the terminal's site",
  'features/terminal-api/records.ts: smart_binding':
    "device-facing: the terminal's own binding, filtered on `site_id = t.site_id`",
  'features/terminal-api/records.ts: smart_terminal':
    'device-facing: terminalById reads the terminal its own token or credentials name',
  'features/terminal-api/records.ts: system_area':
    "device-facing: the terminal's bound area and its parents, filtered on `site_id = t.site_id`",
  'features/terminal-api/register.ts: smart_terminal':
    'device-facing: a terminal registers into the site its request names (`site_id = site` / `input.site_id`) and is then updated by its own id',
  'features/terminal-api/upgrade.ts: smart_app_release':
    "device-facing: the releases of the terminal's own site, filtered on `site_id = t.site_id`",
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
  'features/tr069-extras/wake-queue.ts: device_tasks':
    "system: the wake queue reads the state of a task it was handed by its id (queued by a verb in the verb's site); nothing is answered to a caller",
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
  'features/voice/verbs.ts: system_area': 'resource verb: areas filtered on `site_id = site`, the write site',
  'features/voice/verbs.ts: uploads':
    'resource verb: the uploaded call list, filtered on `site_id = site`, the write site',
  'features/voice/verbs.ts: voice_contact':
    'resource verb: contacts filtered on `site_id = site`, the write site',
  'features/voice/verbs.ts: voice_paging_group':
    "resource verb: the paging group the task record names (group_id, a ref field the framework checked against the record's site), by id",
  'features/voice/write-rules.ts: a.def.table': 'write rule: filters on `site_id = site`, the written site',
  'features/voice/write-rules.ts: def.table': 'write rule: filters on `site_id = site`, the written site',
};

interface Hit {
  file: string;
  line: number;
  table: string;
  text: string;
}

/**
 * The text of the expression starting at `from` up to the first `,`, `)`, `;` (or `stop`) outside
 * brackets and strings: a call's first argument, a constant's value.
 */
function expressionAt(text: string, from: number, stop = ',)'): string {
  let depth = 0;
  let quote: string | null = null;
  let i = from;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && stop.includes(c)) break;
  }
  return text.slice(from, i).trim();
}

/** What an expression naming a table stands for: table names, a constant map of them, or a function of a resource name. */
type Value = { tables: string[] } | { map: Record<string, Value> } | { resourceFn: true } | null;

const TABLE_OF = new Map(resources.map((r) => [r.name, r.table]));

const sources = new Map<string, string>();
function source(file: string): string | undefined {
  if (!sources.has(file)) {
    const full = path.join(SRC, file);
    sources.set(file, fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : '');
  }
  return sources.get(file) || undefined;
}

/** The file (relative to src) a relative import of `from` names. */
function imported(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const file = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  return file.startsWith('..') ? undefined : file;
}

/**
 * The value of the constant `name` as `file` sees it: declared there (`const NAME = …`), or
 * imported from a relative file (`import { NAME } from './x.ts'`, `import { A as NAME }`), through
 * re-exports (`export { A } from`, `export * from`).
 */
function constant(file: string, name: string, depth = 0): Value {
  const text = source(file);
  if (!text || depth > 8) return null;
  const decl = new RegExp(`(?:^|\\n)\\s*(?:export\\s+)?const\\s+${name}\\b\\s*(?::[^=]+)?=\\s*`).exec(text);
  if (decl) return evaluate(file, expressionAt(text, decl.index + decl[0].length, ';'), depth + 1);
  for (const m of text.matchAll(/(import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    for (const item of m[2]!.split(',')) {
      const [orig, alias] = item
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)
        .map((x) => x.trim());
      if ((alias ?? orig) !== name || !orig) continue;
      const target = imported(file, m[3]!);
      if (target) return constant(target, orig, depth + 1);
    }
  }
  for (const m of text.matchAll(/export\s+\*\s+from\s*'([^']+)'/g)) {
    const target = imported(file, m[1]!);
    const v = target ? constant(target, name, depth + 1) : null;
    if (v) return v;
  }
  return null;
}

/** The tables an expression of `file` names, as far as constants, maps and resource names tell. */
function evaluate(file: string, raw: string, depth = 0): Value {
  const expr = raw
    .replace(/\s+satisfies\s[\s\S]*$/, '')
    .replace(/\s+as\s+const$/, '')
    .replace(/!(?=\.|$)/g, '')
    .trim();
  const literal = /^['"`]([a-z0-9_]+)(?: as \w+)?['"`]$/.exec(expr);
  if (literal) return { tables: [literal[1]!] };
  const byName = /^resourceByName\(\s*'([\w:]+)'\s*\)\.table$/.exec(expr);
  if (byName) return TABLE_OF.has(byName[1]!) ? { tables: [TABLE_OF.get(byName[1]!)!] } : null;
  if (expr.startsWith('{')) {
    const map: Record<string, Value> = {};
    const body = expr.slice(1, expr.lastIndexOf('}'));
    let at = 0;
    while (at < body.length) {
      const part = expressionAt(body, at, ',');
      at += body.slice(at).indexOf(part) + part.length + 1;
      const kv = /^(\w+)\s*:\s*([\s\S]+)$/.exec(part);
      if (kv) map[kv[1]!] = evaluate(file, kv[2]!, depth + 1);
    }
    return { map };
  }
  if (/^(?:<[^>]*>\s*)?\(\s*(\w+)[^)]*\)\s*=>\s*resourceByName\(\s*\1\s*\)!?\.table$/.test(expr))
    return { resourceFn: true };
  if (/^\w+$/.test(expr)) return depth > 8 ? null : constant(file, expr, depth);
  const member = /^(\w+)\.(\w+)$/.exec(expr);
  if (member && member[2] !== 'table') {
    const v = constant(file, member[1]!, depth);
    if (v && 'map' in v) return v.map[member[2]!] ?? null;
  }
  const index = /^(\w+)\[[^\]]+\]$/.exec(expr);
  if (index) {
    const v = constant(file, index[1]!, depth);
    if (v && 'map' in v) {
      const all = Object.values(v.map).flatMap((x) => (x && 'tables' in x ? x.tables : []));
      return all.length ? { tables: [...new Set(all)] } : null;
    }
  }
  const call = /^(\w+)\(\s*'([\w:]+)'\s*\)$/.exec(expr);
  if (call) {
    const fn = constant(file, call[1]!, depth);
    if (fn && 'resourceFn' in fn && TABLE_OF.has(call[2]!)) return { tables: [TABLE_OF.get(call[2]!)!] };
  }
  return null;
}

/**
 * What a query's first argument names. A literal, a constant (of this file or imported from a
 * relative one), a constant map's value or any of its values (`MAP[key]`), or a resource's table by
 * name resolve to table names (`resolved`); a resource's `.table` stays as written (`def.table`);
 * anything else the scan cannot resolve (a parameter, a function of a domain) is named as written
 * too (`table`, `planTable(domain)`), so it must be listed below like any other direct query, never
 * left unseen.
 */
function tablesOf(file: string, arg: string): { table: string; resolved: boolean }[] {
  const named = (tables: string[]) => tables.map((table) => ({ table, resolved: true }));
  const asWritten = (table: string) => [{ table, resolved: false }];
  const alias = /^['"`]([a-z0-9_]+) as \w+['"`]$/.exec(arg);
  if (alias) return named([alias[1]!]);
  // `${TASKS} as t`: the constant inside the alias.
  const templ = /^`\$\{([^}]+)\} as \w+`$/.exec(arg);
  const expr = templ ? templ[1]! : arg;
  if (/\.table$/.test(expr)) {
    const v = evaluate(file, expr);
    return v && 'tables' in v ? named(v.tables) : asWritten(expr);
  }
  const v = evaluate(file, expr);
  if (v && 'tables' in v) return named(v.tables);
  // A subquery or a function of the query builder is no table.
  if (/=>|\.as\(/.test(expr)) return [];
  return asWritten(expr);
}

function hits(): Hit[] {
  const out: Hit[] = [];
  const files = fs
    .readdirSync(path.join(SRC, 'features'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'));
  for (const rel of files) {
    const file = `features/${rel}`;
    const text = source(file)!;
    const call = /(scoped\([^()]*\)\s*)?\.(selectFrom|updateTable|deleteFrom)\(/g;
    for (const m of text.matchAll(call)) {
      if (m[1]) continue;
      const arg = expressionAt(text, m.index + m[0].length);
      const line = text.slice(0, m.index).split('\n').length;
      for (const { table, resolved } of tablesOf(file, arg)) {
        // A resolved name that is no site-scoped table needs nothing.
        if (resolved && !SITE_TABLES.has(table)) continue;
        out.push({ file, line, table, text: text.split('\n')[line - 1]!.trim() });
      }
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

  it('sees tables named through imported constants, constant maps and computed names', () => {
    const seen = (file: string, table: string) => found.some((h) => h.file === file && h.table === table);
    // `const OPERATIONS = resourceByName('ac:upgrade').table` of the same file.
    expect(seen('features/ac/verbs.ts', 'ac_upgrade_operation')).toBe(true);
    // TASK_TABLE imported from ./scheduler.ts; TASKS through features/device-tasks/index.ts.
    expect(seen('features/scheduler/scheduler.ts', 'system_scheduled_job')).toBe(true);
    expect(seen('features/ac/agent.ts', 'device_tasks')).toBe(true);
    // DEVICE_TABLE[domain]: every value of the map; TABLES.terminal: one value, made by a helper.
    expect(seen('features/device-tasks/queue.ts', 'ac_ap')).toBe(true);
    expect(seen('features/device-tasks/queue.ts', 'tr069_device')).toBe(true);
    expect(seen('features/terminal-api/register.ts', 'smart_terminal')).toBe(true);
    // What cannot be resolved is named as written: a function of a domain, a parameter.
    expect(seen('features/device-tasks/reboot-plans.ts', 'planTable(domain)')).toBe(true);
    expect(seen('features/device-presence/sweep.ts', 'table')).toBe(true);
    // Through scoped(ctx), nothing: the scheduler's refreshNextRun and the outreach names.
    expect(
      found.some((h) => h.file === 'features/outreach/actions.ts' && h.table === 'system_pms_interface'),
    ).toBe(false);
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
