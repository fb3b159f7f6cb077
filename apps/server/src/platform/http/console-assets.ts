import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The built console, held in memory with its Brotli and gzip forms made once at start-up: the
 * files are few and small, and compressing them per request cost CPU on every page load.
 */
export interface Asset {
  type: string;
  /** Hashed file names never change: cached for a year. The page and unhashed files: revalidated. */
  immutable: boolean;
  etag: string;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.webmanifest']);

export function loadConsoleAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!fs.existsSync(path.join(dir, 'index.html'))) return assets;
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.posix.join(sub, entry.name);
      if (entry.isDirectory()) walk(rel);
      // `.br` and `.gz` files are the build's compressed forms of the file beside them.
      else if (entry.isFile() && !/\.(br|gz)$/.test(entry.name))
        assets.set(`/${rel}`, makeAsset(path.join(dir, rel), rel));
    }
  };
  walk('');
  return assets;
}

function readIfPresent(file: string): Buffer | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
}

function makeAsset(file: string, rel: string): Asset {
  const raw = fs.readFileSync(file);
  const ext = path.extname(file).toLowerCase();
  const asset: Asset = {
    type: TYPES[ext] ?? 'application/octet-stream',
    immutable: rel.startsWith('assets/'),
    etag: `"${createHash('sha1').update(raw).digest('base64url').slice(0, 20)}"`,
    raw,
  };
  if (COMPRESSIBLE.has(ext) && raw.length > 1024) {
    // The build writes these at Brotli's best quality (apps/console/build/precompress.ts); a console
    // built without them is compressed here, at a quality that keeps the start quick.
    asset.br =
      readIfPresent(`${file}.br`) ??
      brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      });
    asset.gzip = readIfPresent(`${file}.gz`) ?? gzipSync(raw, { level: 9 });
  }
  return asset;
}

/** The best encoding the client accepts among those made for this asset. */
export function pickEncoding(asset: Asset, acceptEncoding: string): 'br' | 'gzip' | null {
  return preferredEncoding(acceptEncoding, { br: Boolean(asset.br), gzip: Boolean(asset.gzip) });
}

/** Brotli, then gzip, among the encodings the client accepts and the reply has; null for none. */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  available: { br: boolean; gzip: boolean } = { br: true, gzip: true },
): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (available.br && /\bbr\b/.test(accepted)) return 'br';
  if (available.gzip && /\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}
