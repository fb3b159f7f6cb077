import { type ResourceTableNames, resourceByName } from '@igs/contract/resources';
import type { AppContext } from '../../platform/app-context.ts';
import type { Conn } from '../../platform/db/schema.ts';
import { formatDateTime } from '../../platform/lib/time.ts';

/**
 * The records the terminal API reads and writes, named by their resource descriptions so the
 * tables cannot drift from the console's: Terminal (`index:app_list`), Binding, Area, TerminalEvent.
 */

const table = <N extends keyof ResourceTableNames>(name: N) => resourceByName(name).table;

export const TABLES = {
  terminal: table('index:app_list'),
  binding: table('smart:binding'),
  area: table('system:region'),
  event: table('smart:terminal_record'),
  playRecord: table('smart:play_record'),
  scene: table('index:scenario'),
  sceneResource: table('index:scenario_resource'),
  template: table('smart:easy_template'),
  appMenu: table('index:app_menu'),
  release: table('index:app_upgrade'),
  theme: table('festival:index'),
  subscription: table('media:user_package'),
  message: table('smart:message_board'),
  material: table('advertising:resource'),
  bootAd: table('advertising:boot'),
  homepageAd: table('advertising:main'),
  liveAd: table('advertising:live'),
  textAd: table('advertising:text'),
} as const;

export const kdb = (app: AppContext) => app.db.kysely;

/** A terminal row as the API uses it. */
export interface TerminalRow {
  id: number;
  site_id: number;
  mac: string;
  name: string;
  sn: string;
  model: string;
  app_version: string;
  os_version: string;
  state: string;
  online: number;
  last_seen: string;
  expire_at: string;
  language: string;
}

export function toTerminal(r: Record<string, unknown>): TerminalRow {
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    id: Number(r.id),
    site_id: Number(r.site_id ?? 0),
    mac: s(r.mac),
    name: s(r.name),
    sn: s(r.sn),
    model: s(r.model),
    app_version: s(r.app_version),
    os_version: s(r.os_version),
    state: s(r.state) || 'pending',
    online: Number(r.online ?? 0),
    last_seen: s(r.last_seen),
    expire_at: s(r.expire_at),
    language: s(r.language) || 'zh',
  };
}

export async function terminalById(app: AppContext, id: number): Promise<TerminalRow | null> {
  const row = await kdb(app).selectFrom(TABLES.terminal).selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toTerminal(row) : null;
}

/** How records name a terminal (TerminalEvent, PlayRecord): its name, else its MAC (as app_command). */
export const terminalLabel = (t: Pick<TerminalRow, 'name' | 'mac' | 'id'>) =>
  (t.name || t.mac || `#${t.id}`).slice(0, 64);

/** The room or bed a terminal is bound to (smart/DeviceBinding), in the terminal's own site. */
export interface BoundArea {
  id: number;
  name: string;
  code: string;
  bed_no: string;
  /** The area and its ancestors, nearest first: targets naming a building reach its rooms. */
  chain: number[];
}

const MAX_DEPTH = 10;

export async function boundArea(app: AppContext, t: TerminalRow): Promise<BoundArea | null> {
  const db = kdb(app);
  const binding = await db
    .selectFrom(TABLES.binding)
    .select(['area_id', 'bed_no'])
    .where('site_id', '=', t.site_id)
    .where('terminal_id', '=', t.id)
    .executeTakeFirst();
  if (!binding || binding.area_id === null) return null;
  const chain: number[] = [];
  let area: { id: number; name: string; code: string } | null = null;
  let next: number | null = Number(binding.area_id);
  // Walk up the tree; a loop in bad data stops at the depth limit or a repeated id.
  while (next !== null && chain.length < MAX_DEPTH && !chain.includes(next)) {
    const row = await db
      .selectFrom(TABLES.area)
      .select(['id', 'name', 'code', 'parent_id'])
      .where('site_id', '=', t.site_id)
      .where('id', '=', next)
      .executeTakeFirst();
    if (!row) break;
    chain.push(Number(row.id));
    area ??= { id: Number(row.id), name: String(row.name ?? ''), code: String(row.code ?? '') };
    next = row.parent_id === null || row.parent_id === undefined ? null : Number(row.parent_id);
  }
  if (!area) return null;
  return { ...area, bed_no: String(binding.bed_no ?? ''), chain };
}

/** How records name an area (TerminalEvent, PlayRecord): its room or bed number, else its name. */
export const areaLabel = (a: Pick<BoundArea, 'code' | 'name'> | null | undefined) =>
  a ? (a.code || a.name).slice(0, 64) : '';

/** Writes a TerminalEvent (smart/TerminalRecord); unread, so it counts toward the `tip` badge. */
export async function writeEvent(
  app: AppContext,
  t: TerminalRow,
  area: BoundArea | null,
  type: 'online' | 'offline' | 'auth_request' | 'command_ack' | 'upgrade_ok' | 'upgrade_fail' | 'message',
  detail: string,
  db: Conn = kdb(app),
): Promise<void> {
  const now = app.now();
  await db
    .insertInto(TABLES.event)
    .values({
      site_id: t.site_id,
      terminal: terminalLabel(t),
      area: areaLabel(area),
      type,
      detail: detail.slice(0, 2000),
      read: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** A JSON column (refs, enums, json fields) as a value; text holding JSON text is read twice. */
export function jsonValue(raw: unknown): unknown {
  let v = raw;
  for (let i = 0; i < 2 && typeof v === 'string'; i++) {
    try {
      v = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  return v;
}

/** A refs column as ids; anything else reads as empty (no targeting). */
export function idList(raw: unknown): number[] {
  const v = jsonValue(raw);
  return Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
}

export function textList(raw: unknown): string[] {
  const v = jsonValue(raw);
  return Array.isArray(v) ? v.map((x) => String(x).trim()).filter(Boolean) : [];
}

/** `YYYY-MM-DD HH:mm:ss` now, the form `dt` columns hold (they compare as text). */
export const nowText = (app: AppContext) => formatDateTime(app.now());
