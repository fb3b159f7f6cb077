import type { Lang } from '@igs/contract';
import type { ResourceDef } from '@igs/contract/resources';
import type { Conn } from '../db/schema.ts';
import type { SignedInContext } from '../http/action.ts';
import type { ImportFile } from './import-text.ts';

/**
 * Extension points of the generic resource calls, for rules and formats a field description
 * cannot say (DOMAIN's cross-resource rules, a module's own file formats). A feature lists its
 * hooks as data (platform/feature.ts), put here from app.ts's features list when the server is
 * built; the generic calls run whatever is registered for the resource.
 */

export interface WriteHookArgs<Table extends string = string> {
  /** The connection (or transaction) the write goes through. */
  conn: Conn;
  lang: Lang;
  /** The app's clock (epoch ms) at the write: rules about dates compare with it, never the wall clock. */
  now: number;
  def: ResourceDef<Table>;
  /** The validated values as they will be stored; a hook may fill in server-set values. */
  values: Record<string, unknown>;
  site: number;
  /** The record being edited, absent on add. */
  selfId?: number;
}

/**
 * Runs with the integrity checks before a record is added, changed or imported (each row); throws
 * an ApiError (with `data.errors` naming the field) to refuse the write.
 */
export type WriteHook<Table extends string = string> = (args: WriteHookArgs<Table>) => Promise<void>;

/** Turns exported records (as the list returns them) into a file of the module's own format. */
export type ExportFormat = (
  rows: Record<string, unknown>[],
  ctx: SignedInContext,
) => { data: Buffer; extension: string } | Promise<{ data: Buffer; extension: string }>;

/**
 * Turns an uploaded file of the module's own format into records (then validated as usual). The
 * context is there to resolve names in the file to ids (a vCard's group); throw an ApiError for a
 * file that is not of the format at all.
 */
export type ImportFormat = (
  data: Buffer,
  ctx: SignedInContext,
  /** The same bytes with the operator's encoding: `file.text()` reads them as the dialog said. */
  file: ImportFile,
) => Record<string, unknown>[] | Promise<Record<string, unknown>[]>;

/**
 * Counts records that still use these ids of the resource through something a `ref` field cannot
 * describe (ids inside a `json` field): delete and replace-import refuse while any count is above 0.
 */
export type ReferenceCounter = (
  conn: Conn,
  ids: readonly number[],
  lang: Lang,
) => Promise<{ entity: string; count: number }[]>;

/** One record of an imported file, with the line it came from and problems the format found itself. */
export interface ImportedRow {
  line: number;
  record: Record<string, unknown>;
  /** An unknown reference and the like: reported like validation errors, the row is not written. */
  errors?: { field: string; msg: string }[];
}

/**
 * Like ImportFormat, for a format that resolves the file's own keys (a room code, a MAC) to ids
 * and reports by line what it cannot resolve; the records are then validated as usual.
 */
export type RowImportFormat = (
  data: Buffer,
  ctx: SignedInContext,
  file: ImportFile,
) => ImportedRow[] | Promise<ImportedRow[]>;

/** What an ImportWriter did; any error undoes the whole import. */
export interface ImportWriteResult {
  total: number;
  inserted: number;
  updated: number;
  errors: { line: number; field: string; msg: string }[];
  /** Rows the writer left out by its format's rules (an XMLTV guide's zero-length programmes). */
  skipped?: number;
  /** What the writer left out or changed, and why: the rest is imported (ImportReply `notes`). */
  notes?: { line: number; field: string; msg: string }[];
}

/**
 * A format whose rows are not one record each (a path of areas makes or reuses several, each the
 * parent of the next): it writes through `conn`, the import's transaction, which the import undoes
 * on a dry run or when any error is reported.
 */
export type ImportWriter = (args: {
  conn: Conn;
  data: Buffer;
  ctx: SignedInContext;
  site: number;
  /** The bytes with the operator's encoding (`file.text()`). */
  file: ImportFile;
}) => Promise<ImportWriteResult>;

const writeHooks = new Map<string, WriteHook[]>();
const referenceCounters = new Map<string, ReferenceCounter[]>();
const exportFormats = new Map<string, Map<string, ExportFormat>>();
const importFormats = new Map<string, Map<string, ImportFormat>>();
const rowImportFormats = new Map<string, Map<string, RowImportFormat>>();
const importWriters = new Map<string, Map<string, ImportWriter>>();

function put<T>(maps: Map<string, Map<string, T>>, resource: string, format: string, fn: T): void {
  const m = maps.get(resource) ?? new Map<string, T>();
  m.set(format, fn);
  maps.set(resource, m);
}

export function onResourceWrite(resource: string, hook: WriteHook): void {
  writeHooks.set(resource, [...(writeHooks.get(resource) ?? []), hook]);
}

export async function runWriteHooks(args: WriteHookArgs): Promise<void> {
  for (const hook of writeHooks.get(args.def.name) ?? []) await hook(args);
}

export function onReferenceCount(resource: string, counter: ReferenceCounter): void {
  referenceCounters.set(resource, [...(referenceCounters.get(resource) ?? []), counter]);
}

export async function extraReferenceCounts(
  conn: Conn,
  resource: string,
  ids: readonly number[],
  lang: Lang,
): Promise<{ entity: string; count: number }[]> {
  const out: { entity: string; count: number }[] = [];
  for (const counter of referenceCounters.get(resource) ?? []) out.push(...(await counter(conn, ids, lang)));
  return out;
}

export function addExportFormat(resource: string, format: string, fn: ExportFormat): void {
  const m = exportFormats.get(resource) ?? new Map<string, ExportFormat>();
  m.set(format, fn);
  exportFormats.set(resource, m);
}

export function exportFormat(resource: string, format: string): ExportFormat | undefined {
  return exportFormats.get(resource)?.get(format);
}

/** `, vcard, …`: the registered names, to complete a message listing the built-in formats. */
export function exportFormatNames(resource: string): string {
  return [...(exportFormats.get(resource)?.keys() ?? [])].map((n) => `, ${n}`).join('');
}

export function addImportFormat(resource: string, format: string, fn: ImportFormat): void {
  const m = importFormats.get(resource) ?? new Map<string, ImportFormat>();
  m.set(format, fn);
  importFormats.set(resource, m);
}

export function importFormat(resource: string, format: string): ImportFormat | undefined {
  return importFormats.get(resource)?.get(format);
}

export function addRowImportFormat(resource: string, format: string, fn: RowImportFormat): void {
  put(rowImportFormats, resource, format, fn);
}

export function rowImportFormat(resource: string, format: string): RowImportFormat | undefined {
  return rowImportFormats.get(resource)?.get(format);
}

export function addImportWriter(resource: string, format: string, fn: ImportWriter): void {
  put(importWriters, resource, format, fn);
}

export function importWriter(resource: string, format: string): ImportWriter | undefined {
  return importWriters.get(resource)?.get(format);
}

/** Every registered format, to check that each is named by its resource's description. */
export function registeredFormats(): { resource: string; format: string; direction: 'import' | 'export' }[] {
  const list = (m: Map<string, Map<string, unknown>>, direction: 'import' | 'export') =>
    [...m].flatMap(([resource, formats]) =>
      [...formats.keys()].map((format) => ({ resource, format, direction })),
    );
  return [
    ...list(importFormats, 'import'),
    ...list(rowImportFormats, 'import'),
    ...list(importWriters, 'import'),
    ...list(exportFormats, 'export'),
  ];
}
