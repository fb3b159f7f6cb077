import { Code, listText, texts } from '@igs/contract';
import { type ImportReply, resourceCalls } from '@igs/contract/calls';
import type { FieldDef, ResourceDef } from '@igs/contract/resources';
import { recordSchema } from '@igs/contract/resources/validation';
import { defineCallAction, type SignedInContext } from '../http/action.ts';
import { ApiError, invalidField, localizedParts } from '../http/errors.ts';
import { parseCsv } from '../lib/csv.ts';
import type { TextEncoding } from '../lib/text-decode.ts';
import { MAX_XLSX_UNPACKED, readXlsx, XlsxReadError } from '../lib/xlsx-read.ts';
import { encode } from './codec.ts';
import { exportColumns } from './export-columns.ts';
import { type ImportedRow, importFormat, importWriter, rowImportFormat } from './hooks.ts';
import { ImportFile, textOf } from './import-text.ts';
import { referenceCounts, untyped } from './queries.ts';
import { isJsonField } from './storage.ts';
import { inTransaction } from './transaction.ts';
import { checkIntegrity } from './write.ts';

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** What an import answers (the contract's ImportReply). */
export type ImportResult = ImportReply;

/** Raised inside the transaction to undo it: a dry run, or a file with errors. */
class Undo extends Error {
  readonly result: ImportResult;
  constructor(result: ImportResult) {
    super('undo');
    this.result = result;
  }
}

/** CSV cells back to field values: lists were exported joined by `|`. */
type ListShape = Extract<NonNullable<FieldDef['shape']>, { kind: 'list' }>;

function listPart(shape: ListShape, v: string): unknown {
  const of = shape.of;
  const numeric =
    ['int', 'num', 'ref'].includes(of.type) ||
    (of.type === 'enum' && (of.options ?? []).every((o) => /^\d+$/.test(o)));
  return numeric && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v;
}

function fromCell(f: FieldDef, cell: string): unknown {
  if (cell === '') return undefined;
  if (isJsonField(f) && f.type !== 'json')
    return cell.split('|').map((v) => (f.type === 'refs' ? Number(v) : v));
  if (f.type === 'json') {
    // A list of single values travels as a|b|c (export-columns.ts), numbers where its parts are.
    if (f.shape?.kind === 'list' && !cell.trimStart().startsWith('['))
      return cell.split('|').map((v) => listPart(f.shape as ListShape, v));
    try {
      return JSON.parse(cell);
    } catch {
      return cell;
    }
  }
  return cell;
}

/** What a generic import read from its file: the rows, and how (the text's encoding, the sheet). */
interface ReadFile {
  rows: ImportedRow[];
  encoding?: ImportReply['encoding'];
  sheet?: string;
}

function sheetOf(data: Buffer) {
  try {
    return readXlsx(data);
  } catch (e) {
    if (!(e instanceof XlsxReadError)) throw e;
    throw invalidField(
      'file',
      e.reason === 'tooLarge'
        ? texts('resources.importXlsxTooLarge', { mb: MAX_XLSX_UNPACKED / 1024 / 1024 })
        : e.reason === 'noSheet'
          ? texts('resources.importNoSheet')
          : texts('resources.importNotXlsx'),
    );
  }
}

/**
 * A table (CSV rows or a sheet's) to records: the header row names the fields, exactly as a CSV
 * import reads it; the readable columns an export writes beside them (`<enum>_label`,
 * `<money>_yuan`) and `id`, `created_at`, `updated_at` are read past, any other column is refused.
 */
function recordsOfTable(def: ResourceDef, table: { line: number; cells: string[] }[]): ImportedRow[] {
  if (!table.length) throw invalidField('file', texts('resources.importEmpty'));
  const header = table[0]!.cells.map((h) => h.trim());
  const fields = new Map(def.fields.map((f) => [f.name, f]));
  const companions = new Set(exportColumns(def, 'en').map((c) => c.header));
  const unknown = header.filter((h) => h !== 'updated_at' && !fields.has(h) && !companions.has(h));
  if (unknown.length)
    throw invalidField('file', texts('resources.importUnknownColumns', { list: listText(unknown) }));
  return table.slice(1).map(({ line, cells }) => {
    const record: Record<string, unknown> = {};
    header.forEach((h, c) => {
      const f = fields.get(h);
      if (f && !f.readonly) record[h] = fromCell(f, cells[c] ?? '');
    });
    return { line, record };
  });
}

function recordsOf(
  def: ResourceDef,
  format: 'csv' | 'xlsx' | 'json',
  data: Buffer,
  encoding: TextEncoding | undefined,
): ReadFile {
  if (format === 'xlsx') {
    const sheet = sheetOf(data);
    return { rows: recordsOfTable(def, sheet.rows), sheet: sheet.name };
  }
  const decoded = textOf(data, encoding);
  const how = { name: decoded.encoding, by: decoded.by, gzip: decoded.gzip };
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(decoded.text);
    } catch {
      throw invalidField('file', texts('resources.importNotJson'));
    }
    if (!Array.isArray(parsed)) throw invalidField('file', texts('resources.importJsonNotArray'));
    return {
      rows: parsed.map((record, i) => ({ line: i + 1, record: (record ?? {}) as Record<string, unknown> })),
      encoding: how,
    };
  }
  // CSV lines as before: data rows count from 2, after the header.
  const rows = parseCsv(decoded.text).map((cells, i) => ({ line: i + 1, cells }));
  return { rows: recordsOfTable(def, rows), encoding: how };
}

/**
 * `import` (DOMAIN section 3.2): one transaction; a dry run or any row error writes nothing and
 * reports every error by line and field. upsert matches on the first unique field; replace
 * removes the site's rows first, refused while other records still reference them.
 */
export function importAction(def: ResourceDef, endpoint: string) {
  const key = def.fields.find((f) => f.unique);
  return defineCallAction(resourceCalls(endpoint).import, {
    summary: `${def.title.en}: import CSV, XLSX (first sheet) or JSON, gzip-compressed text too, read in the detected or given encoding (mode append, upsert or replace; dry_run previews), all or nothing`,
    access: 'module',
    files: { field: 'file', maxBytes: IMPORT_MAX_BYTES, tooLargeMessage: texts('resources.importTooLarge') },
    async handler(ctx: SignedInContext, input): Promise<ImportResult> {
      const file = ctx.files[0];
      if (!file) throw invalidField('file', 'file is required');
      if (input.mode === 'upsert' && !key)
        throw invalidField('mode', 'This list has no unique field to upsert on');
      const custom = importFormat(def.name, input.format);
      const rowFormat = rowImportFormat(def.name, input.format);
      const writer = importWriter(def.name, input.format);
      const generic = ['csv', 'xlsx', 'json'].includes(input.format);
      if (!custom && !rowFormat && !writer && !generic)
        throw invalidField('format', 'format must be one of: csv, xlsx, json, or a format of this list');
      // A writer reads its file inside the transaction; the others give records first. A module
      // format reads its text in the operator's encoding too, and the reply says how it was read.
      const upload = new ImportFile(file.data, input.encoding);
      const read: ReadFile = writer
        ? { rows: [] }
        : rowFormat
          ? { rows: await rowFormat(file.data, ctx, upload) }
          : custom
            ? { rows: (await custom(file.data, ctx, upload)).map((record, i) => ({ line: i + 1, record })) }
            : recordsOf(def, input.format as 'csv' | 'xlsx' | 'json', file.data, input.encoding);
      const records = read.rows;
      const site = ctx.scope.writeSite();
      const schema = recordSchema(def, 'add', ctx.lang);
      const result: ImportResult = {
        total: records.length,
        inserted: 0,
        updated: 0,
        skipped: 0,
        errors: [],
        dry_run: input.dry_run,
        ...((read.encoding ?? upload.readAs()) ? { encoding: read.encoding ?? upload.readAs() } : {}),
        ...(read.sheet !== undefined ? { sheet: read.sheet } : {}),
      };
      try {
        // A savepoint when the call already runs in a transaction (a feature's write effect).
        await inTransaction(untyped(ctx.app.db.kysely), async (trx) => {
          if (input.mode === 'replace') {
            const ids = (
              await trx.selectFrom(def.table).select('id').where('site_id', '=', site).execute()
            ).map((r) => Number(r.id));
            const [used] = await referenceCounts(trx, ctx.app.db.kind, def, ids, ctx.lang);
            if (used)
              throw new ApiError(
                Code.conflict,
                `Cannot replace: ${used.count} ${used.entity} still use these records`,
              );
            await trx.deleteFrom(def.table).where('site_id', '=', site).execute();
          }
          if (writer) {
            const w = await writer({ conn: trx, data: file.data, ctx, site, file: upload });
            Object.assign(result, { total: w.total, inserted: w.inserted, updated: w.updated });
            const how = upload.readAs();
            if (how) result.encoding = how;
            if (w.skipped) result.skipped = w.skipped;
            if (w.notes?.length) result.notes = w.notes;
            result.errors.push(...w.errors);
          }
          const now = ctx.app.now();
          for (const { line, record, errors } of records) {
            if (errors?.length) {
              for (const e of errors) result.errors.push({ line, ...e });
              continue;
            }
            const parsed = schema.safeParse(record);
            if (!parsed.success) {
              for (const issue of parsed.error.issues)
                result.errors.push({ line, field: String(issue.path[0] ?? ''), msg: issue.message });
              continue;
            }
            const values: Record<string, unknown> = {};
            for (const f of def.fields)
              if (f.name in parsed.data) values[f.name] = encode(f, parsed.data[f.name]);
            const existing =
              key && input.mode === 'upsert' && values[key.name] != null
                ? await trx
                    .selectFrom(def.table)
                    .select('id')
                    .where('site_id', '=', site)
                    .where(key.name, '=', values[key.name])
                    .executeTakeFirst()
                : undefined;
            // The same unique and reference checks as add and edit, reported as row errors.
            const problem = await checkIntegrity(
              { db: trx, lang: ctx.lang, now },
              def,
              values,
              site,
              existing ? Number(existing.id) : undefined,
            ).then(
              () => null,
              (e: unknown) => {
                if (!(e instanceof ApiError)) throw e;
                // In the caller's language, as the same refusal of an add or edit is.
                const { msg, data } = localizedParts(e, ctx.lang);
                const first = (data as { errors?: { field: string; msg: string }[] } | null)?.errors?.[0];
                return first ?? { field: '', msg };
              },
            );
            if (problem) {
              result.errors.push({ line, ...problem });
              continue;
            }
            if (existing) {
              await trx
                .updateTable(def.table)
                .set({ ...values, updated_at: now })
                .where('id', '=', existing.id)
                .execute();
              result.updated++;
            } else {
              await trx
                .insertInto(def.table)
                .values({ ...values, site_id: site, created_at: now, updated_at: now })
                .execute();
              result.inserted++;
            }
          }
          if (result.errors.length || input.dry_run) throw new Undo(result);
        });
      } catch (e) {
        if (!(e instanceof Undo)) throw e;
        if (result.errors.length && !input.dry_run) {
          // Nothing was written: say so in the counts as well as in the errors.
          result.skipped = result.total;
          result.inserted = 0;
          result.updated = 0;
        }
      }
      ctx.logDetail = `${def.name}: ${result.inserted} inserted, ${result.updated} updated, ${result.errors.length} errors${input.dry_run ? ' (dry run)' : ''}`;
      return result;
    },
  });
}
