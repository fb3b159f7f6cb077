/** What other areas use of system-status: the one door into it (docs/architecture.md). */
export { hostCollector } from './collector.ts';
