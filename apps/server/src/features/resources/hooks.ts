import type { Lang } from '@igs/contract';
import type { ResourceDef } from '@igs/contract/resources';
import type { ActionContext } from '../../http/action.ts';
import type { AnyDb } from './queries.ts';

/**
 * Extension points of the generic resource calls, for rules and formats a field description
 * cannot say (DOMAIN's cross-resource rules, a module's own file formats). A feature registers
 * its hooks when its module loads; the generic calls run whatever is registered for the resource.
 */

export interface WriteHookArgs {
  /** The connection (or transaction) the write goes through. */
  conn: AnyDb;
  lang: Lang;
  def: ResourceDef;
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
export type WriteHook = (args: WriteHookArgs) => Promise<void>;

/** Turns exported records (as the list returns them) into a file of the module's own format. */
export type ExportFormat = (
  rows: Record<string, unknown>[],
  ctx: ActionContext,
) => { data: Buffer; extension: string } | Promise<{ data: Buffer; extension: string }>;

/** Turns an uploaded file of the module's own format into records (then validated as usual). */
export type ImportFormat = (data: Buffer) => Record<string, unknown>[];

const writeHooks = new Map<string, WriteHook[]>();
const exportFormats = new Map<string, Map<string, ExportFormat>>();
const importFormats = new Map<string, Map<string, ImportFormat>>();

export function onResourceWrite(resource: string, hook: WriteHook): void {
  writeHooks.set(resource, [...(writeHooks.get(resource) ?? []), hook]);
}

export async function runWriteHooks(args: WriteHookArgs): Promise<void> {
  for (const hook of writeHooks.get(args.def.name) ?? []) await hook(args);
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
