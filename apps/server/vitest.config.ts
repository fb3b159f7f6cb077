import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Each file starts its own server on an ephemeral port with its own database.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
