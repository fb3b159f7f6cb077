import { resourceByName, resources } from '@igs/contract/resources';
import type { AppContext } from '../../platform/app-context.ts';
import type { Conn } from '../../platform/db/schema.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { untyped } from '../../platform/resources/queries.ts';
import { insertRecord } from '../../platform/resources/write.ts';
import { configureBeforeRecords, writeFilesAfterRecords } from './configure.ts';
import { DemoFiles } from './files.ts';
import { acData } from './hotel/ac.ts';
import { advertData } from './hotel/advert.ts';
import { aisoData } from './hotel/aiso.ts';
import { areaData } from './hotel/areas.ts';
import { DEMO_CUSTOMERS, DEMO_SITES, siteRecords } from './hotel/fleet.ts';
import { mediaData } from './hotel/media.ts';
import { smartData, smartReports } from './hotel/smart.ts';
import { systemData } from './hotel/system.ts';
import { tr069Data } from './hotel/tr069.ts';
import { videoData } from './hotel/video.ts';
import { voiceData } from './hotel/voice.ts';
import { type DemoClock, type DemoTable, demoClock, isFile, isRef } from './model.ts';

/** Every area's tables, in the order they are stored (a record only points at earlier ones). */
export function demoTables(clock: DemoClock): DemoTable[] {
  return [
    ...areaData(clock),
    ...voiceData(clock),
    ...videoData(clock),
    ...mediaData(clock),
    ...aisoData(clock),
    ...acData(clock),
    ...tr069Data(clock),
    ...smartData(clock),
    ...advertData(clock),
    ...smartReports(clock),
    ...systemData(clock),
  ];
}

export interface DemoResult {
  seeded: boolean;
  /** Why nothing was written. */
  reason?: string;
  /** Records written per resource. */
  records: Record<string, number>;
  /** Resources left out because a rule that depends on the host's settings refused them. */
  skipped: { resource: string; reason: string }[];
  files: number;
  /** The interface given the LAN role (DHCP serves on it), or null when there is none. */
  lan: string | null;
  /** What the demo configured beside its records (network, DHCP, generated files), or why not. */
  settings: string[];
  /** The registry's demo customers and sites (operations mode), with the records of each site. */
  fleet: DemoFleet;
}

export interface DemoFleet {
  customers: number;
  sites: { id: number; name: string; records: Record<string, number> }[];
}

/**
 * The demo fleet (hotel/fleet.ts): its customers and sites in the registry, then each site's
 * boxes, access points and ONTs written to that site, through insertRecord like the hotel's.
 */
async function seedFleet(db: Conn, now: number): Promise<DemoFleet> {
  const w = { db, lang: 'en' as const, now };
  const def = (name: string) => {
    const d = resourceByName(name);
    if (!d) throw new Error(`demo fleet names an unknown resource ${name}`);
    return d;
  };
  const customers = new Map<string, number>();
  for (const c of DEMO_CUSTOMERS)
    customers.set(
      c.key,
      await insertRecord(w, def('fleet:customer'), { name: c.name, contact: c.contact, state: 'active' }, 0, {
        system: true,
      }),
    );
  const sites: DemoFleet['sites'] = [];
  for (const site of DEMO_SITES) {
    const id = await insertRecord(
      w,
      def('fleet:site'),
      {
        name: site.name,
        customer_id: site.customer ? customers.get(site.customer) : null,
        address: site.address,
        time_zone: site.time_zone,
        contact: site.contact,
        state: 'active',
      },
      0,
      { system: true },
    );
    const records: Record<string, number> = {};
    let category: number | null = null;
    for (const table of siteRecords(site))
      for (const row of table.rows) {
        const body = table.resource === 'ac:ap' ? { ...row, category_id: category } : row;
        const made = await insertRecord(w, def(table.resource), body, id, { system: true });
        if (table.resource === 'ac:ap_category') category = made;
        records[table.resource] = (records[table.resource] ?? 0) + 1;
      }
    sites.push({ id, name: site.name, records });
  }
  return { customers: customers.size, sites };
}

/**
 * True when no resource table holds a record, in any site. The fleet registry (sites, customers)
 * is the deployment's own, not data: registered sites leave the database empty.
 */
async function isEmpty(db: Conn): Promise<boolean> {
  for (const def of resources) {
    if (def.registry) continue;
    if (await untyped(db).selectFrom(def.table).select('id').limit(1).executeTakeFirst()) return false;
  }
  return true;
}

/**
 * `--demo`: fills every resource module with a small hotel (DOMAIN's record modules) on an empty
 * database, and does nothing on one that already holds records, so a second start adds nothing.
 * Each record goes through the resource framework's insertRecord, with the API's validation,
 * reference checks and storage, all in one transaction: the data is stored entirely or not at all.
 */
export async function seedDemo(app: AppContext): Promise<DemoResult> {
  const db = app.db.kysely;
  const records: Record<string, number> = {};
  const skipped: DemoResult['skipped'] = [];
  if (!(await isEmpty(db)))
    return {
      seeded: false,
      reason: 'the database already holds records',
      records,
      skipped,
      files: 0,
      lan: null,
      settings: [],
      fleet: { customers: 0, sites: [] },
    };
  // The hotel's own settings first: the static leases among the records need the LAN subnet.
  const settings = await configureBeforeRecords(app);
  const files = new DemoFiles(app);
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  files.userId = Number(admin?.id ?? 0);
  const now = app.now();
  let fleet: DemoFleet = { customers: 0, sites: [] };
  try {
    await db.transaction().execute(async (trx) => {
      // Checked again inside the transaction: two servers started together seed once.
      if (!(await isEmpty(trx))) throw new AlreadySeeded();
      const ids = new Map<string, number>();
      const resolve = async (v: unknown, where: string): Promise<unknown> => {
        if (isRef(v)) {
          const id = ids.get(`${v.$ref}#${v.key}`);
          if (id === undefined)
            throw new Error(`${where}: ${v.$ref} "${v.key}" is not stored before it is used`);
          return v.text ? String(id) : id;
        }
        if (isFile(v)) {
          const stored = await files.store(trx, v.$file);
          return stored[v.take];
        }
        if (Array.isArray(v)) {
          const out: unknown[] = [];
          for (const x of v) out.push(await resolve(x, where));
          return out;
        }
        if (typeof v === 'object' && v !== null) {
          const out: Record<string, unknown> = {};
          for (const [k, x] of Object.entries(v)) out[k] = await resolve(x, where);
          return out;
        }
        return v;
      };
      for (const table of demoTables(demoClock(now))) {
        const def = resourceByName(table.resource);
        if (!def) throw new Error(`demo data names an unknown resource ${table.resource}`);
        for (const [i, { $key, ...row }] of table.rows.entries()) {
          const where = `demo ${table.resource} #${i + 1}${$key ? ` (${$key})` : ''}`;
          const body = (await resolve(row, where)) as Record<string, unknown>;
          let id: number;
          try {
            id = await insertRecord({ db: trx, lang: 'en', now }, def, body, 0, { system: true });
          } catch (e) {
            if (!(e instanceof ApiError)) throw e;
            // The rule refused before writing anything, so the transaction goes on without the table.
            if (table.dependsOn) {
              skipped.push({ resource: table.resource, reason: `${table.dependsOn} (${e.message})` });
              break;
            }
            // A rule the data breaks: name the record and the field.
            throw new Error(`${where}: ${e.message} ${JSON.stringify(e.data ?? '')}`);
          }
          if ($key) ids.set(`${table.resource}#${$key}`, id);
          records[table.resource] = (records[table.resource] ?? 0) + 1;
        }
      }
      // Operations mode's sites, in the same transaction: all of the demo or none of it.
      fleet = await seedFleet(trx, now);
    });
  } catch (e) {
    await files.discard();
    if (e instanceof AlreadySeeded)
      return {
        seeded: false,
        reason: 'the database already holds records',
        records: {},
        skipped: [],
        files: 0,
        lan: null,
        settings: [],
        fleet: { customers: 0, sites: [] },
      };
    throw e;
  }
  const written = await writeFilesAfterRecords(app);
  return {
    seeded: true,
    records,
    skipped,
    files: files.count,
    lan: settings.lan,
    settings: [...settings.notes, ...written],
    fleet,
  };
}

class AlreadySeeded extends Error {}
