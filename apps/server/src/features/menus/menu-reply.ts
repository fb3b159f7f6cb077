import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Code } from '@igs/contract';
import { preferredEncoding } from '../../platform/http/console-assets.ts';

export type ReplyEncoding = 'br' | 'gzip' | 'identity';

/** The encoding a client accepts, best first (the same preference as the console's assets). */
export function acceptedEncoding(acceptEncoding: string | undefined): ReplyEncoding {
  return preferredEncoding(acceptEncoding) ?? 'identity';
}

interface Grants {
  tree: unknown;
  buttons: readonly string[];
}

interface EncodedReplies {
  json: Buffer;
  bodies: Map<ReplyEncoding, Buffer>;
}

// The encoded replies of each grants entry. The entry object is replaced whenever the grants are
// recomputed (TTL, clear_cache, a permission change), so a WeakMap keyed by it never serves a
// stale tree and needs no invalidation of its own.
const byGrants = new WeakMap<Grants, EncodedReplies>();
// The same replies by their JSON text: grants recomputed when their TTL runs out are nearly always
// what they were, and compressing them again at Brotli's best quality blocked the event loop for
// some 35 ms every few seconds, holding up every call in flight (docs/performance.md).
const byText = new Map<string, EncodedReplies>();
/** Distinct menu texts kept: a handful of roles times two modes and two languages. */
const MAX_TEXTS = 64;

function repliesOf(grants: Grants): EncodedReplies {
  const known = byGrants.get(grants);
  if (known) return known;
  const text = JSON.stringify({ code: Code.ok, msg: 'ok', data: grants.tree, Button: grants.buttons });
  let replies = byText.get(text);
  if (!replies) {
    if (byText.size >= MAX_TEXTS) byText.clear();
    replies = { json: Buffer.from(text), bodies: new Map() };
    byText.set(text, replies);
  }
  byGrants.set(grants, replies);
  return replies;
}

/**
 * The whole `System/auth_menu` envelope, serialised and compressed once per distinct menu and
 * encoding. Every page load asks for it; building and compressing a tree of a hundred menus took
 * most of the call's CPU time (docs/performance.md).
 */
export function encodedMenuReply(grants: Grants, encoding: ReplyEncoding): Buffer {
  const { json, bodies } = repliesOf(grants);
  const hit = bodies.get(encoding);
  if (hit) return hit;
  const body =
    encoding === 'br'
      ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      : encoding === 'gzip'
        ? gzipSync(json, { level: 9 })
        : json;
  bodies.set(encoding, body);
  return body;
}
