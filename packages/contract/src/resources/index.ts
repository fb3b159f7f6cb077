import { acResources } from './modules/ac.ts';
import { advertResources } from './modules/advert.ts';
import { aisoResources } from './modules/aiso.ts';
import { mediaResources } from './modules/media.ts';
import { smartResources } from './modules/smart.ts';
import { systemResources } from './modules/system.ts';
import { tr069Resources } from './modules/tr069.ts';
import { videoResources } from './modules/video.ts';
import { voiceResources } from './modules/voice.ts';
import type { ResourceDef } from './types.ts';

export * from './fields.ts';
export * from './formats.ts';
export * from './modules-of-menus.ts';
export * from './types.ts';
export * from './units.ts';
export * from './validation.ts';
export * from './verbs.ts';

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
];

export function resourceByName(name: string): ResourceDef | undefined {
  return resources.find((r) => r.name === name);
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
