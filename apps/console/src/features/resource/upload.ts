import { Paths } from '@igs/contract';
import type { FieldDef } from '@igs/contract/resources';
import { t } from '../../i18n/index.ts';
import { NETWORK_FAILURE, RequestError, upload } from '../../request/index.ts';
import type { UploadedFile } from './uploaded-files.ts';

export type UploadKind = 'image' | 'audio' | 'video' | 'apk' | 'firmware' | 'text';

/**
 * The upload kind of a `file` field. Descriptions do not carry one yet, so it is read from the
 * field name the way DOMAIN names them (icon, logo, poster, cover: images).
 */
export function uploadKindOf(field: FieldDef): UploadKind {
  const n = field.name.toLowerCase();
  if (/icon|logo|poster|cover|image|img|picture|photo|thumb|background|banner/.test(n)) return 'image';
  if (/audio|music|sound|ring|voice/.test(n)) return 'audio';
  if (/video|film|movie|media/.test(n)) return 'video';
  if (/apk/.test(n)) return 'apk';
  if (/firmware/.test(n)) return 'firmware';
  if (/playlist|m3u|xml|text|txt/.test(n)) return 'text';
  return 'image';
}

export const ACCEPT: Record<UploadKind, string | undefined> = {
  image: 'image/*',
  audio: 'audio/*',
  video: 'video/*',
  apk: '.apk',
  firmware: undefined,
  text: '.txt,.m3u,.m3u8,.xml,.csv,.json',
};

/** The upload kind a file most likely is, from its type and name, for a picker open to every kind. */
export function uploadKindOfFile(file: { name: string; type: string }): UploadKind {
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (name.endsWith('.apk') || type === 'application/vnd.android.package-archive') return 'apk';
  if (/\.(txt|m3u8?|xml|csv|json)$/.test(name) || type.startsWith('text/')) return 'text';
  return 'firmware';
}

/** Where a file goes: the general upload call, or another (the explorer's) with its own fields. */
export interface UploadTarget {
  path: string;
  /** Sent after `kind` and before the file, which the server reads last. */
  fields?: Record<string, string>;
}

export interface UploadFileOptions {
  /** Aborting cancels the upload; the call then rejects quietly. */
  signal?: AbortSignal;
  target?: UploadTarget;
  /** The sites of the page that uploads (features/sites: `useSiteIds`), in operations mode. */
  sites?: string | null;
}

/**
 * POST a file to the upload endpoint (DOMAIN 3.6) with progress, through the request layer's
 * upload transport: the session headers, the page's sites and the error handling of every call
 * (a refusal is toasted there; 1002/1005 reset the session). `kind` must come before the file in
 * the multipart body: the server decides the rule before it reads the bytes.
 */
export async function uploadFile(
  file: File,
  kind: UploadKind,
  onProgress: (percent: number) => void,
  { signal, target = { path: Paths.upload }, sites }: UploadFileOptions = {},
): Promise<UploadedFile> {
  const fd = new FormData();
  fd.append('kind', kind);
  for (const [name, value] of Object.entries(target.fields ?? {})) fd.append(name, value);
  fd.append('file', file, file.name);
  // No overlay: the caller shows the progress.
  const d = await upload<Record<string, unknown> | null>(target.path, fd, {
    loading: false,
    onProgress,
    signal,
    sites,
  });
  if (!d || d.id === undefined || d.id === null) {
    throw new RequestError(NETWORK_FAILURE, t('msg.networkError'), d, false);
  }
  return {
    id: String(d.id),
    url: String(d.url ?? ''),
    name: String(d.name ?? file.name),
    size: Number(d.size ?? file.size),
    mime: String(d.mime ?? file.type),
  };
}
