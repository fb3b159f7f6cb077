import { type ResourceDef, resourceByName } from '@igs/contract/resources';

/**
 * The records that wait for the resource audit (DOMAIN 2.9 system/ResourceAudit, 2.6 Film and
 * SelfMedia, 2.7 AdMaterial): each carries `audit_state`, and the audit list holds one item per
 * record. `watched` are the fields a reviewer looked at: changing one makes the record pending
 * again; other edits (price, classes, enabled) keep the verdict.
 */
export interface Audited {
  def: ResourceDef;
  /** AuditItem.resource_type. */
  type: 'film' | 'self_media' | 'ad_material';
  /** The field shown as the item's name. */
  nameField: string;
  /** Upload fields describing the item (mime, size), the first one set wins. */
  fileFields: readonly string[];
  /** Upload fields shown as the item's preview, the first one set wins. */
  previewFields: readonly string[];
  watched: readonly string[];
}

const def = (name: string) => resourceByName(name)!;

export const AUDITED: readonly Audited[] = [
  {
    def: def('media:video'),
    type: 'film',
    nameField: 'title',
    fileFields: ['file', 'poster'],
    previewFields: ['poster'],
    watched: ['title', 'title_en', 'description', 'poster', 'file', 'episodes'],
  },
  {
    def: def('media:self_media'),
    type: 'self_media',
    nameField: 'title',
    fileFields: ['cover'],
    previewFields: ['cover'],
    watched: ['title', 'kind', 'cover', 'content', 'media'],
  },
  {
    def: def('advertising:resource'),
    type: 'ad_material',
    nameField: 'name',
    fileFields: ['file'],
    previewFields: ['file'],
    watched: ['file'],
  },
];

export const auditedByResource = (name: string) => AUDITED.find((a) => a.def.name === name);
export const auditedByType = (type: unknown) => AUDITED.find((a) => a.type === type);
