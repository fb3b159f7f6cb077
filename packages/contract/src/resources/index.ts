import { acResources } from './modules/ac.ts';
import { advertResources } from './modules/advert.ts';
import { aisoResources } from './modules/aiso.ts';
import { fleetResources } from './modules/fleet.ts';
import { mediaResources } from './modules/media.ts';
import { smartResources } from './modules/smart.ts';
import { systemResources } from './modules/system.ts';
import { tr069Resources } from './modules/tr069.ts';
import { videoResources } from './modules/video.ts';
import { voiceResources } from './modules/voice.ts';
import type { ResourceTableNames } from './table-names.ts';
import type { FieldDef, ResourceDef } from './types.ts';

export * from './defaults.ts';
export * from './fields.ts';
export * from './formats.ts';
export * from './modules-of-menus.ts';
export type * from './table-names.ts';
export * from './types.ts';
export * from './units.ts';
export * from './verbs.ts';
// The records' zod schemas are not re-exported here: `@igs/contract/resources/validation` (validation.ts).
// A bundle that imports this module for the descriptions then reaches no schema (the console's
// record list loads its form, and zod, after its first data: build/signed-in-chunks.ts).

/** Every resource the generic framework serves. */
export const resources: readonly ResourceDef[] = [
  ...voiceResources,
  ...aisoResources,
  ...videoResources,
  ...acResources,
  ...tr069Resources,
  ...mediaResources,
  ...advertResources,
  ...smartResources,
  ...systemResources,
  ...fleetResources,
];

/** The resource of this name; typed by its table when the name is written out. */
export function resourceByName<N extends keyof ResourceTableNames>(
  name: N,
): ResourceDef<ResourceTableNames[N]>;
export function resourceByName(name: string): ResourceDef | undefined;
export function resourceByName(name: string): ResourceDef | undefined {
  return resources.find((r) => r.name === name);
}

/**
 * Lists a reference may name that are not resources of the framework: roles are built by hand
 * (system/PermissionManagement). The owner's endpoint answers their options and the server checks
 * that the ids exist (apps/server platform/resources/lookups.ts).
 */
export const LOOKUPS = {
  'system:role': { title: { en: 'Role', zh_CN: '角色' } },
} as const satisfies Record<string, { title: { en: string; zh_CN: string } }>;

export type LookupName = keyof typeof LOOKUPS;

export function isLookup(name: string | undefined): name is LookupName {
  return name !== undefined && Object.hasOwn(LOOKUPS, name);
}

/** The resource a `refBy` list names for the record's value of its field; null: words; undefined: nothing. */
export function refByResource(field: FieldDef, record: Record<string, unknown>): string | null | undefined {
  if (!field.refBy) return undefined;
  const kind = record[field.refBy.field];
  if (kind === null || kind === undefined) return undefined;
  const key = String(kind);
  return Object.hasOwn(field.refBy.resources, key) ? field.refBy.resources[key] : undefined;
}

/** Fields of other resources that reference this one (for delete conflicts, 409). */
export function referencesTo(name: string): { resource: ResourceDef; field: string; many: boolean }[] {
  const out: { resource: ResourceDef; field: string; many: boolean }[] = [];
  for (const r of resources) {
    for (const f of r.fields)
      if ((f.type === 'ref' || f.type === 'refs') && f.ref === name)
        out.push({ resource: r, field: f.name, many: f.type === 'refs' });
  }
  return out;
}
