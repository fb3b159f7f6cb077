import type { ResourceDef } from '@igs/contract/resources';
import { usePermissionStore } from '../../stores/permission.ts';

export type ResourceVerb = 'add' | 'edit' | 'del' | 'import' | 'export';

export type ResourceButtons = Record<ResourceVerb, boolean>;

/**
 * Which buttons a resource page shows: the key `<def.name>:<verb>` must be held (DOMAIN 3.4), the
 * resource must not be read-only for writes, and import/export need formats in its `io`. Pure, so
 * the gating is tested without rendering.
 */
export function resourceButtons(def: ResourceDef, held: ReadonlySet<string>): ResourceButtons {
  const has = (verb: ResourceVerb) => held.has(`${def.name}:${verb}`);
  const writable = !def.readonly;
  return {
    add: writable && has('add'),
    edit: writable && has('edit'),
    del: writable && has('del'),
    import: writable && Boolean(def.io?.import?.length) && has('import'),
    export: Boolean(def.io?.export?.length) && has('export'),
  };
}

/** Re-renders when the granted keys change. */
export function useResourceButtons(def: ResourceDef): ResourceButtons {
  const held = usePermissionStore((s) => s.buttons);
  return resourceButtons(def, held);
}
