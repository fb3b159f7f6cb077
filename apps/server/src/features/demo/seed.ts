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
    };
  // The hotel's own settings first: the static leases among the records need the LAN subnet.
  const settings = await configureBeforeRecords(app);
  const files = new DemoFiles(app);
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  files.userId = Number(admin?.id ?? 0);
  const now = app.now();
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
  };
}

class AlreadySeeded extends Error {}
