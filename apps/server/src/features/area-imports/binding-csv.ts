import { say, texts } from '@igs/contract';
import { type ResourceDef, resourceByName } from '@igs/contract/resources';
import { type Registration, rowImportFormat } from '../../platform/feature.ts';
import { invalidField } from '../../platform/http/errors.ts';
import { parseCsv } from '../../platform/lib/csv.ts';
import { normalizeMac } from '../../platform/lib/ipv4.ts';
import type { ImportedRow } from '../../platform/resources/hooks.ts';
import type { AnyDb } from '../../platform/resources/queries.ts';
import { refScope } from '../../platform/resources/scope.ts';

/**
 * The binding import of DOMAIN 2.8 smart/DeviceBinding: a CSV with the columns room_code, mac and
 * extension (bed_no and remark may follow). Each row names the room by its area code, the terminal
 * by its MAC and the extension by its number; the format turns them into area_id, terminal_id and
 * extension_id and reports, by line, each one it cannot find. The records are then validated as
 * any import row (a room or terminal bound twice is a row error too).
 */

const AREA = resourceByName('system:region');
const TERMINAL = resourceByName('index:app_list');
const EXTENSION = resourceByName('voice:extension');
const COLUMNS = ['room_code', 'mac', 'extension', 'bed_no', 'remark'];

/** Ids by a column's value, among the records of the site (and the shared ones). */
async function idsBy(
  conn: AnyDb,
  table: string,
  column: string,
  sites: number[],
  values: string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!values.length) return out;
  for (const r of await conn
    .selectFrom(table)
    .select(['id', column])
    .where('site_id', 'in', sites)
    .where(column, 'in', values)
    .execute())
    out.set(String(r[column]), Number(r.id));
  return out;
}

const bindingCsvImport = rowImportFormat(
  'smart:binding',
  'binding_csv',
  async (data, ctx): Promise<ImportedRow[]> => {
    const { lang } = ctx;
    const cells = parseCsv(data.toString('utf8'));
    if (!cells.length) throw invalidField('file', say(lang, 'areas.fileEmpty'));
    const head = cells[0]!.map((h) => h.trim().toLowerCase());
    const unknown = head.filter((h) => !COLUMNS.includes(h));
    if (unknown.length || !head.includes('room_code'))
      throw invalidField(
        'file',
        say(lang, 'areas.bindingHeader', {
          unknown: unknown.length ? texts('areas.unknownColumnsAfter', { columns: unknown.join(', ') }) : '',
        }),
      );
    const lines = cells.slice(1).map((r, i) => {
      const cell = (name: string) => {
        const at = head.indexOf(name);
        return at < 0 ? '' : (r[at] ?? '').trim();
      };
      const mac = cell('mac');
      return {
        line: i + 2,
        room: cell('room_code'),
        macText: mac,
        mac: mac ? normalizeMac(mac) : null,
        extension: cell('extension'),
        bed_no: cell('bed_no'),
        remark: cell('remark'),
      };
    });
    const site = ctx.scope.writeSite();
    const conn = ctx.app.db.kysely;
    const scope = (def: ResourceDef) => refScope(def, [site])!;
    const [areas, terminals, extensions] = await Promise.all([
      idsBy(conn, AREA.table, 'code', scope(AREA), [...new Set(lines.map((l) => l.room).filter(Boolean))]),
      idsBy(conn, TERMINAL.table, 'mac', scope(TERMINAL), [
        ...new Set(lines.map((l) => l.mac).filter((m): m is string => !!m)),
      ]),
      idsBy(conn, EXTENSION.table, 'extension', scope(EXTENSION), [
        ...new Set(lines.map((l) => l.extension).filter(Boolean)),
      ]),
    ]);
    return lines.map((l) => {
      const errors: { field: string; msg: string }[] = [];
      const record: Record<string, unknown> = {};
      if (!l.room) errors.push({ field: 'room_code', msg: say(lang, 'areas.roomCodeRequired') });
      else if (!areas.has(l.room))
        errors.push({
          field: 'room_code',
          msg: say(lang, 'areas.noAreaCode', { room: l.room }),
        });
      else record.area_id = areas.get(l.room);
      if (l.macText) {
        if (!l.mac)
          errors.push({
            field: 'mac',
            msg: say(lang, 'areas.notMacAddress', { macText: l.macText }),
          });
        else if (!terminals.has(l.mac))
          errors.push({
            field: 'mac',
            msg: say(lang, 'areas.noTerminalMac', { mac: l.mac }),
          });
        else record.terminal_id = terminals.get(l.mac);
      }
      if (l.extension) {
        if (!extensions.has(l.extension))
          errors.push({
            field: 'extension',
            msg: say(lang, 'areas.noExtensionNumber', { extension: l.extension }),
          });
        else record.extension_id = extensions.get(l.extension);
      }
      if (l.bed_no) record.bed_no = l.bed_no;
      if (l.remark) record.remark = l.remark;
      return { line: l.line, record, errors };
    });
  },
);

/** What this module registers on the generic resource calls (listed by its feature). */
export const bindingCsvFormats: readonly Registration[] = [bindingCsvImport];
