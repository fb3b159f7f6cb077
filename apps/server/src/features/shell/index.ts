/** What other areas use of shell: the one door into it (docs/architecture.md). */
export { clearServerCaches } from './actions.ts';
