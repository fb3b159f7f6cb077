import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';
import { assertStartModules, startModules } from './build/start-chunk.ts';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const FIRST_PASS = 'IGS_START_CHUNK_PASS';

export default defineConfig(async ({ command }) => {
  // See build/start-chunk.ts: a first pass finds what the entry renders, this pass bundles it as one chunk.
  let start: Set<string> | undefined;
  if (command === 'build' && !process.env[FIRST_PASS]) {
    process.env[FIRST_PASS] = '1';
    try {
      start = await startModules({ configFile: new URL(import.meta.url).pathname });
    } finally {
      delete process.env[FIRST_PASS];
    }
    assertStartModules(start);
  }
  return {
    // The first pass only looks at the module graph: nothing to compress.
    plugins: process.env[FIRST_PASS] ? [react()] : [react(), precompress()],
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
      rolldownOptions: start
        ? { output: { codeSplitting: { groups: [{ name: 'start', test: (id: string) => start.has(id) }] } } }
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
