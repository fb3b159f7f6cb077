import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // One database of each kind brought to what a first start leaves, copied for each test server.
    globalSetup: ['test/support/database-templates.ts'],
    // Each file starts its own server on an ephemeral port with its own database.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
