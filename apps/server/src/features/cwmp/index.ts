/** What other areas use of cwmp: the one door into it (docs/architecture.md). */
export { acsFault, envelope } from './soap.ts';
