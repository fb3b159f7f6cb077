import { defineConfig } from 'vitest/config';

// One test run over the workspace: each package is a project with its own environment.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/console'],
  },
});
