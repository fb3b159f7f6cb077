import { Code, Headers, Paths } from '@igs/contract';
import type { FieldDef } from '@igs/contract/resources';
import { currentSession } from '../../request/session.ts';
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

export class UploadError extends Error {}

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

/**
 * POST a file to the upload endpoint (DOMAIN 3.6) with progress. This bypasses the request layer
 * only because it has no progress hook; it sends the same session headers. `kind` must come
 * before the file in the multipart body: the server decides the rule before it reads the bytes.
 */
export function uploadFile(
  file: File,
  kind: UploadKind,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  target: UploadTarget = { path: Paths.upload },
): Promise<UploadedFile> {
  const fd = new FormData();
  fd.append('kind', kind);
  for (const [name, value] of Object.entries(target.fields ?? {})) fd.append(name, value);
  fd.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.path);
    const session = currentSession();
    if (session.token) xhr.setRequestHeader(Headers.token, session.token);
    if (session.isOperations === 1) {
      const sites = new URLSearchParams(window.location.search).get('id');
      if (sites) xhr.setRequestHeader(Headers.sites, sites);
      if (session.cId !== undefined && session.cId !== '')
        xhr.setRequestHeader(Headers.customer, String(session.cId));
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new UploadError(''));
    xhr.onabort = () => reject(new UploadError(''));
    xhr.onload = () => {
      let envelope: { code?: number; msg?: string; data?: Record<string, unknown> } = {};
      try {
        envelope = JSON.parse(xhr.responseText);
      } catch {
        return reject(new UploadError(''));
      }
      if (xhr.status !== 200 || envelope.code !== Code.ok || !envelope.data)
        return reject(new UploadError(envelope.msg ?? ''));
      const d = envelope.data;
      resolve({
        id: String(d.id),
        url: String(d.url ?? ''),
        name: String(d.name ?? file.name),
        size: Number(d.size ?? file.size),
        mime: String(d.mime ?? file.type),
      });
    };
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(fd);
  });
}
