import { z } from 'zod';
import { LIVE_ENCRYPTIONS } from '../extras/options.ts';
import { type ResourceDef, resourceByName } from '../resources/index.ts';
import { defineCall, paging } from './define.ts';

/**
 * Media calls beside the generic ones: the live programmes as an M3U playlist and the EPG as
 * XMLTV (single-use download links), and `media/encryption`, the programmes' HLS encryption. The
 * playlist and the encryption are served in full mode and on their operations twins: one call per
 * endpoint, made by the factories below.
 */

const live = resourceByName('media:live') as ResourceDef;
const epg = resourceByName('media:epg') as ResourceDef;

/** A single-use download link and when it lapses. */
const Download = z.object({ url: z.string(), expires_at: z.string() });

/** What an export covers: the list's filter and keyword, or the ids given. */
const ExportInput = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  filter: z.record(z.string(), z.unknown()).optional().default({}),
  ids: z.array(z.coerce.number().int().positive()).max(10_000).optional(),
});

export const LiveEncryption = z.enum(LIVE_ENCRYPTIONS);
export type LiveEncryption = z.infer<typeof LiveEncryption>;

/** A live programme as the encryption dialog lists it. */
export const EncryptionRow = z.object({
  id: z.number(),
  site_id: z.number(),
  number: z.number(),
  name: z.string().nullable(),
  name_en: z.string().nullable(),
  type: z.string().nullable(),
  /** none where the record has none. */
  encryption: LiveEncryption,
});
export type EncryptionRow = z.infer<typeof EncryptionRow>;

const EncryptionList = z.object({ total: z.number(), list: z.array(EncryptionRow) });
const EncryptionListInput = z.object({
  ...paging,
  keyword: z.string().trim().max(100).optional().default(''),
  filter: z.object({ encryption: LiveEncryption.optional() }).optional().default({}),
});
const EncryptionEditInput = z.object({
  ids: z
    .array(z.coerce.number().int().positive(), { error: 'ids is required' })
    .min(1, 'ids is required')
    .max(500, 'ids: at most 500 at a time'),
  encryption: z.enum(LIVE_ENCRYPTIONS, {
    error: `encryption must be one of: ${LIVE_ENCRYPTIONS.join(', ')}`,
  }),
});
const Updated = z.object({ updated: z.number() });

/** The live programmes as an M3U playlist on `path` (media/live or its operations twin). */
export function m3uExportCall(path: string) {
  return defineCall({ path, method: 'export_m3u', input: ExportInput, output: Download });
}

/** The programmes' encryption on `path` (media/encryption or its operations twin). */
export function encryptionCalls(path: string) {
  return {
    /** Paged, by number. */
    list: defineCall({ path, method: 'list', input: EncryptionListInput, output: EncryptionList }),
    /** Sets none or hls_aes128 on the programmes `ids`; HLS-delivered ones only. */
    edit: defineCall({ path, method: 'edit', input: EncryptionEditInput, output: Updated }),
  };
}

export const MEDIA_ENCRYPTION_PATHS = [
  '/admin.php/media/encryption',
  '/operations/media/encryption',
] as const;

export const mediaCalls = {
  m3u: m3uExportCall(live.endpoint),
  ...(live.opsEndpoint ? { m3uOps: m3uExportCall(live.opsEndpoint) } : {}),
  /** The EPG as XMLTV; it has no operations twin. */
  xmltv: defineCall({ path: epg.endpoint, method: 'export_xmltv', input: ExportInput, output: Download }),
};

/** Each encryption endpoint's calls. */
export const mediaEncryptionCalls = MEDIA_ENCRYPTION_PATHS.map(encryptionCalls);
