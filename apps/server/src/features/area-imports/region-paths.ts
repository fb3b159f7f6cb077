import type { Lang } from '@igs/contract';
import { say } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import type { Conn } from '../../platform/db/schema.ts';
import { importWriter, type Registration } from '../../platform/feature.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { parseCsv } from '../../platform/lib/csv.ts';
import type { ImportWriteResult } from '../../platform/resources/hooks.ts';
import { insertRecord } from '../../platform/resources/write.ts';

/**
 * The region path import (DOMAIN 2.9 system/RegionalManagement I/O): a CSV whose rows are paths
 * such as `A栋/8F/0805`. Each path makes the areas it names, each the child of the one before, and
 * reuses the areas that already exist under the same parent with the same name (in the file or in
 * the database). Levels take the types building, floor, room and bed; the last area of a path of
 * three or more levels is a room (or bed) and gets its name as its code (the PMS/HIS join key)
 * unless a `code` column gives one. Any bad row undoes the whole import, as every import does.
 */

const AREA = resourceByName('system:region');
const TYPES = ['building', 'floor', 'room', 'bed'] as const;

interface Area {
  id: number;
  code: string | null;
}

/** One line of the file: its path and the code its last area gets (explicit, or undefined). */
interface PathRow {
  line: number;
  segments: string[];
  code?: string;
}

function rowsOf(text: string, lang: Lang): { rows: PathRow[]; errors: ImportWriteResult['errors'] } {
  const cells = parseCsv(text);
  if (!cells.length) throw invalidField('file', say(lang, 'areas.fileEmpty'));
  // An optional header names the columns: path, and code.
  const head = cells[0]!.map((h) => h.trim().toLowerCase());
  const hasHeader = head[0] === 'path';
  if (hasHeader) {
    const unknown = head.filter((h) => h !== 'path' && h !== 'code');
    if (unknown.length)
      throw invalidField('file', say(lang, 'areas.unknownColumns', { unknown: unknown.join(', ') }));
  }
  const codeAt = hasHeader ? head.indexOf('code') : 1;
  const rows: PathRow[] = [];
  const errors: ImportWriteResult['errors'] = [];
  cells.slice(hasHeader ? 1 : 0).forEach((r, i) => {
    const line = i + (hasHeader ? 2 : 1);
    const raw = (r[0] ?? '').trim();
    const segments = raw.split('/').map((s) => s.trim());
    if (!raw || segments.some((s) => s === '')) {
      errors.push({
        line,
        field: 'path',
        msg: say(lang, 'areas.notAPath', { raw, example: 'A栋/8F/0805' }),
      });
      return;
    }
    const code = codeAt >= 0 ? (r[codeAt] ?? '').trim() : '';
    rows.push({ line, segments, code: code || undefined });
  });
  return { rows, errors };
}

async function importPaths(conn: Conn, data: Buffer, lang: Lang, site: number, now: number) {
  const { rows, errors } = rowsOf(data.toString('utf8'), lang);
  const result: ImportWriteResult = { total: rows.length + errors.length, inserted: 0, updated: 0, errors };
  // The site's areas by (parent, name): the nodes a path reuses.
  const known = new Map<string, Area>();
  const key = (parent: number | null, name: string) => `${parent ?? 0}/${name}`;
  for (const a of await conn
    .selectFrom(AREA.table)
    .select(['id', 'parent_id', 'name', 'code'])
    .where('site_id', '=', site)
    .orderBy('id')
    .execute()) {
    const k = key(a.parent_id == null ? null : Number(a.parent_id), String(a.name));
    if (!known.has(k)) known.set(k, { id: Number(a.id), code: a.code == null ? null : String(a.code) });
  }
  for (const row of rows) {
    let parent: number | null = null;
    for (const [depth, name] of row.segments.entries()) {
      const last = depth === row.segments.length - 1;
      const code = last ? (row.code ?? (depth >= 2 ? name : undefined)) : undefined;
      const found = known.get(key(parent, name));
      if (found) {
        // An existing area keeps its code; a different one asked for is an error, not a silent no-op.
        if (last && row.code && found.code && found.code !== row.code) {
          result.errors.push({
            line: row.line,
            field: 'code',
            msg: say(lang, 'areas.alreadyCode', { segments: row.segments.join('/'), code: found.code }),
          });
          break;
        }
        parent = found.id;
        continue;
      }
      try {
        const body: Record<string, unknown> = { name, parent_id: parent ?? undefined };
        if (TYPES[depth]) body.type = TYPES[depth];
        if (code) body.code = code;
        const id = await insertRecord({ db: conn, lang, now }, AREA, body, site);
        known.set(key(parent, name), { id, code: code ?? null });
        result.inserted++;
        parent = id;
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        const first = (e.data as { errors?: { field: string; msg: string }[] } | null)?.errors?.[0];
        result.errors.push({ line: row.line, field: first?.field ?? 'path', msg: first?.msg ?? e.message });
        break;
      }
    }
  }
  return result;
}

const regionPathImport = importWriter('system:region', 'region_path', ({ conn, data, ctx, site }) =>
  importPaths(conn, data, ctx.lang, site, ctx.app.now()),
);

/** What this module registers on the generic resource calls (listed by its feature). */
export const regionPathFormats: readonly Registration[] = [regionPathImport];
