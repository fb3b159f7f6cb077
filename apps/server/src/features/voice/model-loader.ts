import { type ResourceDef, resourceByName } from '@igs/contract/resources';
import type { AppContext } from '../../platform/app-context.ts';
import { decode } from '../../platform/resources/codec.ts';
import type { AnyDb } from '../../platform/resources/queries.ts';
import type { VoiceModel } from './config/model.ts';
import { loadAdvanced, loadBasic } from './settings-store.ts';

/**
 * The voice records of one site as the generators want them: decoded like the list call does,
 * except that secrets are kept (they are written into the files and nowhere else).
 */
async function rowsOf<T>(db: AnyDb, name: string, site: number): Promise<T[]> {
  const def = resourceByName(name) as ResourceDef;
  const rows = await db.selectFrom(def.table).selectAll().where('site_id', '=', site).orderBy('id').execute();
  return rows.map((row) => {
    const out: Record<string, unknown> = { id: Number(row.id) };
    for (const f of def.fields)
      out[f.name] = f.type === 'pwd' ? String(row[f.name] ?? '') : decode(f, row[f.name]);
    return out as T;
  });
}

/** The gateway's own voice configuration: site 0 (full mode). */
export async function loadVoiceModel(app: AppContext, site = 0): Promise<VoiceModel> {
  const db = app.db.kysely;
  const [basic, advanced] = await Promise.all([loadBasic(app.db.kysely), loadAdvanced(app.db.kysely)]);
  const [
    extensions,
    trunks,
    trunkGroups,
    inboundRoutes,
    outboundRoutes,
    conferences,
    ivrs,
    queues,
    paging,
    softTerminals,
    areas,
  ] = await Promise.all([
    rowsOf<VoiceModel['extensions'][number]>(db, 'voice:extension', site),
    rowsOf<VoiceModel['trunks'][number]>(db, 'voice:trunk', site),
    rowsOf<VoiceModel['trunkGroups'][number]>(db, 'voice:trunk_group', site),
    rowsOf<VoiceModel['inboundRoutes'][number]>(db, 'voice:inbound_route', site),
    rowsOf<VoiceModel['outboundRoutes'][number]>(db, 'voice:outbound_route', site),
    rowsOf<VoiceModel['conferences'][number]>(db, 'voice:conference', site),
    rowsOf<VoiceModel['ivrs'][number]>(db, 'voice:ivr', site),
    rowsOf<VoiceModel['queues'][number]>(db, 'voice:queue', site),
    rowsOf<VoiceModel['paging'][number]>(db, 'voice:paging', site),
    rowsOf<VoiceModel['softTerminals'][number]>(db, 'voice:soft_terminal', site),
    rowsOf<VoiceModel['areas'][number]>(db, 'system:region', site),
  ]);
  return {
    basic,
    advanced,
    extensions,
    trunks,
    trunkGroups,
    inboundRoutes,
    outboundRoutes,
    conferences,
    ivrs,
    queues,
    paging,
    softTerminals,
    areas,
  };
}
