import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|webmanifest)$/;

/**
 * Writes `<file>.br` (Brotli at its best quality, 11) and `<file>.gz` beside every compressible
 * file of the build. Quality 11 takes seconds, fine once per build but not at every server start;
 * it makes the sign-in page's script some 15 KB smaller than quality 9 (docs/performance.md).
 * The server serves these forms when they are present (apps/server/src/platform/http/console-assets.ts).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'igs-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const file = path.join(dir, entry.name);
          if (entry.isDirectory()) walk(file);
          else if (COMPRESSIBLE.test(entry.name)) {
            const raw = fs.readFileSync(file);
            if (raw.length <= 1024) continue;
            fs.writeFileSync(
              `${file}.br`,
              brotliCompressSync(raw, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 11,
                  [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
            );
            fs.writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
          }
        }
      };
      walk(outDir);
    },
  };
}
