import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { antdUsedCss } from './build/antd-css.ts';
import { antdStyleFunctionsOff } from './build/antd-style-functions.ts';
import { callRefs } from './build/call-refs.ts';
import { consoleCronCheck } from './build/console-cron.ts';
import { contractTables } from './build/contract-tables.ts';
import { inlineFavicon } from './build/inline-favicon.ts';
import { inlineStartCss } from './build/inline-start-css.ts';
import { assertOffShellPackages } from './build/off-shell-packages.ts';
import { precompress } from './build/precompress.ts';
import { prerenderLogin } from './build/prerender-login.ts';
import { assertNoServerOnlyModules } from './build/server-only-modules.ts';
import {
  assertBundleFollowsPlan,
  entryModules,
  joinsStart,
  signedInGroups,
} from './build/signed-in-chunks.ts';
import { assertStartModules, firstPassChunks } from './build/start-chunk.ts';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const FIRST_PASS = 'IGS_START_CHUNK_PASS';

export default defineConfig(async ({ command }) => {
  // See build/start-chunk.ts: a first pass finds what the entry renders, this pass bundles it as one
  // chunk, and what comes after sign-in as a few more (build/signed-in-chunks.ts).
  let start: Set<string> | undefined;
  let signedIn: Map<string, string> | undefined;
  if (command === 'build' && !process.env[FIRST_PASS]) {
    process.env[FIRST_PASS] = '1';
    try {
      const chunks = await firstPassChunks({ configFile: new URL(import.meta.url).pathname });
      assertNoServerOnlyModules([...chunks.values()].flatMap((chunk) => Object.keys(chunk.modules)));
      start = entryModules(chunks);
      signedIn = signedInGroups(chunks, start).chunkOf;
    } finally {
      delete process.env[FIRST_PASS];
    }
    assertStartModules(start);
    assertOffShellPackages(start, signedIn);
  }
  return {
    // The first pass only looks at the module graph: nothing to compress.
    plugins: process.env[FIRST_PASS]
      ? [react(), consoleCronCheck(), callRefs(), contractTables(), antdStyleFunctionsOff()]
      : [
          react(),
          consoleCronCheck(),
          callRefs(),
          contractTables(),
          antdStyleFunctionsOff(),
          inlineFavicon(new URL('./public/favicon.svg', import.meta.url)),
          inlineStartCss(),
          antdUsedCss(new URL('./src', import.meta.url).pathname),
          prerenderLogin(),
          precompress(),
          ...(signedIn ? [assertBundleFollowsPlan(signedIn)] : []),
        ],
    server: {
      port: 5173,
      // In development the console talks to the real server through this proxy.
      proxy: {
        '/admin.php': apiTarget,
        '/operations': apiTarget,
        '/vue-element-admin': apiTarget,
        '/api-docs': apiTarget,
      },
    },
    build: {
      target: 'es2022',
      sourcemap: false,
      chunkSizeWarningLimit: 1500,
      rolldownOptions:
        start && signedIn
          ? {
              output: {
                codeSplitting: {
                  groups: [
                    { name: 'start', test: (id: string) => start.has(id) || joinsStart(id), priority: 2 },
                    // One group per name: a group whose name is a function spread the shell over the
                    // area chunks (rolldown 1.2).
                    ...[...new Set(signedIn.values())].map((name) => ({
                      name,
                      test: (id: string) => signedIn.get(id) === name,
                      priority: 1,
                    })),
                  ],
                },
              },
            }
          : {},
    },
    test: {
      name: 'console',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      setupFiles: ['src/test/setup.ts'],
      // A page rendered in jsdom (antd forms and tables, a lazy page's first import) takes seconds
      // on a loaded two-core runner; speed is measured by `npm run bench`, not by test timeouts.
      testTimeout: 20_000,
    },
  };
});
