import { defineConfig } from 'vitest/config';

// One test run over the workspace: each package is a project with its own environment.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/console'],
    // Workers: `npm run test:unit` passes --maxWorkers=2. A `maxWorkers` here is not inherited by
    // the projects, which each kept Vitest's default (availableParallelism() - 1: one on the two-core
    // CI machine) and ran every file one after another (the unit phase took 50 minutes, with the
    // machine's second core idle while each file imported and started its servers).
  },
});
