/** What other areas use of media-extras: the one door into it (docs/architecture.md). */
export { refreshGuide, syncSource } from './source-sync.ts';
