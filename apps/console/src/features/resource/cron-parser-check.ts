/*
 * The contract's cron check, which brings cron-parser and luxon (some 30 KB gzip): imported only by
 * cron-check.ts, lazily, so that it is a chunk of its own that only forms with a cron field load.
 */
export { cronError } from '@igs/contract';
