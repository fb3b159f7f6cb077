/** What other areas use of tr069-extras: the one door into it (docs/architecture.md). */
export { itmsConfig } from './actions.ts';
export { digestResponse } from './digest.ts';
