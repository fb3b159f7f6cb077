/** What other areas use of home: the one door into it (docs/architecture.md). */
export { sampleIfDue } from './online-days.ts';
