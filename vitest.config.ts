import { defineConfig } from 'vitest/config';

// One test run over the workspace: each package is a project with its own environment.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/console'],
    // Vitest runs availableParallelism() - 1 workers by default: one on the two-core CI machine,
    // where most server files wait on PostgreSQL, timers and child processes rather than the CPU.
    // Two workers keep both cores busy (the unit phase took 36 minutes on one).
    maxWorkers: 2,
  },
});
