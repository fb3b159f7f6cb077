/** What other areas use of sms: the one door into it (docs/architecture.md). */
export { missingSetting } from './send.ts';
