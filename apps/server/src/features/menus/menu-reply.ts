import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Code } from '@igs/contract';
import { preferredEncoding } from '../../http/console-assets.ts';

export type ReplyEncoding = 'br' | 'gzip' | 'identity';

/** The encoding a client accepts, best first (the same preference as the console's assets). */
export function acceptedEncoding(acceptEncoding: string | undefined): ReplyEncoding {
  return preferredEncoding(acceptEncoding) ?? 'identity';
}

interface Grants {
  tree: unknown;
  buttons: readonly string[];
}

// One encoded reply per grants entry and encoding. The entry object is replaced whenever the
// grants are recomputed (TTL, clear_cache, a permission change), so a WeakMap keyed by it can never
// serve a stale tree and needs no invalidation of its own.
const replies = new WeakMap<Grants, Map<ReplyEncoding, Buffer>>();

/**
 * The whole `System/auth_menu` envelope, serialised and compressed once per role, mode and
 * encoding. Every page load asks for it; building and compressing a tree of a hundred menus took
 * most of the call's CPU time (docs/performance.md).
 */
export function encodedMenuReply(grants: Grants, encoding: ReplyEncoding): Buffer {
  let byEncoding = replies.get(grants);
  if (!byEncoding) {
    byEncoding = new Map();
    replies.set(grants, byEncoding);
  }
  const hit = byEncoding.get(encoding);
  if (hit) return hit;
  const json = Buffer.from(
    JSON.stringify({ code: Code.ok, msg: 'ok', data: grants.tree, Button: grants.buttons }),
  );
  const body =
    encoding === 'br'
      ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      : encoding === 'gzip'
        ? gzipSync(json, { level: 9 })
        : json;
  byEncoding.set(encoding, body);
  return body;
}
