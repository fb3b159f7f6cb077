import { resourceCalls } from '@igs/contract/calls';
import type { ResourceDef } from '@igs/contract/resources';
import { defineCallAction, type SignedInContext } from '../http/action.ts';
import { invalidField } from '../http/errors.ts';

/**
 * `thumbnail`: the picture a record names by its link (an M3U channel's tvg-logo), for the list.
 * The console's content policy loads no picture from elsewhere, and a console on HTTPS could not
 * show an http: logo anyway, so the server fetches it (http and https only, a time limit, a size
 * cap, an image by its first bytes, never SVG) and answers it as a data: URL. Fetched pictures
 * are kept for an hour in this instance's memory: a cache, which each instance may fill itself.
 */

export const THUMBNAIL_MAX_BYTES = 256 * 1024;
const FETCH_TIMEOUT_MS = 5_000;
const KEEP_MS = 60 * 60 * 1000;
/** A link that gave no picture is tried again after this long, not on every list. */
const KEEP_FAILED_MS = 5 * 60 * 1000;
const MAX_KEPT = 500;

/** The image formats a logo comes in, by their first bytes (the header's word is not trusted). */
const SIGNATURES: { mime: string; test: (b: Buffer) => boolean }[] = [
  {
    mime: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', test: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  {
    mime: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { mime: 'image/x-icon', test: (b) => b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0 },
];

export function imageMime(bytes: Buffer): string | undefined {
  return SIGNATURES.find((s) => s.test(bytes))?.mime;
}

const kept = new Map<string, { dataUrl: string; until: number }>();

function keep(url: string, dataUrl: string, now: number) {
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(url, { dataUrl, until: now + (dataUrl ? KEEP_MS : KEEP_FAILED_MS) });
}

/** The picture at `url` as a data: URL, or '' where the link gives none. */
export async function fetchThumbnail(url: string, now = Date.now()): Promise<string> {
  const hit = kept.get(url);
  if (hit && hit.until > now) return hit.dataUrl;
  let dataUrl = '';
  try {
    dataUrl = await fetchImage(url);
  } catch {
    dataUrl = '';
  }
  keep(url, dataUrl, now);
  return dataUrl;
}

async function fetchImage(url: string): Promise<string> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return '';
  const res = await fetch(parsed, {
    headers: { accept: 'image/*' },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    redirect: 'follow',
  });
  if (!res.ok || Number(res.headers.get('content-length') ?? 0) > THUMBNAIL_MAX_BYTES) {
    await res.body?.cancel().catch(() => undefined);
    return '';
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.length;
    if (size > THUMBNAIL_MAX_BYTES) {
      await res.body?.cancel().catch(() => undefined);
      return '';
    }
    chunks.push(Buffer.from(chunk));
  }
  const bytes = Buffer.concat(chunks);
  const mime = imageMime(bytes);
  return mime ? `data:${mime};base64,${bytes.toString('base64')}` : '';
}

/** The call on a resource that has a thumbnail field; the record is read in the caller's sites. */
export function thumbnailAction(
  def: ResourceDef,
  endpoint: string,
  findRow: (ctx: SignedInContext, def: ResourceDef, id: number) => Promise<Record<string, unknown>>,
) {
  return defineCallAction(resourceCalls(endpoint).thumbnail, {
    summary: `${def.title.en}: the picture a record's link names, fetched by the server, as a data: URL`,
    access: 'module',
    async handler(ctx, input) {
      const field = def.fields.find((f) => f.name === input.field && f.thumbnail);
      if (!field) throw invalidField('field', `field must name a picture link of ${def.title.en}`);
      const row = await findRow(ctx, def, input.id);
      const url = String(row[field.name] ?? '').trim();
      return { data_url: url ? await fetchThumbnail(url, ctx.app.now()) : '' };
    },
  });
}
