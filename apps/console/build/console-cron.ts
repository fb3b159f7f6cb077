import type { Plugin } from 'vite';

/*
 * The console checks cron fields with the contract's `recordSchemaWith` and a cron check it loads
 * with a form that has a cron field (src/features/resource/cron-check.ts): cron-parser and luxon,
 * some 30 KB gzip, in a chunk of their own. The contract's validation still imports cron.ts for the
 * server's `recordSchema`, and that static import, though the console never calls it, made rolldown
 * put cron.ts and both packages in the record page's chunk (a module a chunk already imports is not
 * moved to a lazy one). In the console's build that import is answered with a stand-in whose check
 * refuses to run, so the lazy chunk is the only one that holds them.
 */

const VALIDATION = /[\\/]packages[\\/]contract[\\/]src[\\/]resources[\\/]validation\.ts$/;
const STAND_IN = '\0igs:server-cron-check';

/** The text of the stand-in: `recordSchema` (the server's) cannot check a cron field in the console. */
export const STAND_IN_SOURCE = `export function cronError() {
  throw new Error('The console checks cron fields with recordSchemaWith and features/resource/cron-check.ts, not recordSchema');
}
`;

/** Whether `source` imported by `importer` is the contract validation's import of the cron check. */
export function isValidationCronImport(source: string, importer: string | undefined): boolean {
  return Boolean(importer && VALIDATION.test(importer)) && source === '../cron.ts';
}

export function consoleCronCheck(): Plugin {
  return {
    name: 'igs-console-cron-check',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return isValidationCronImport(source, importer) ? STAND_IN : null;
    },
    load(id) {
      return id === STAND_IN ? STAND_IN_SOURCE : null;
    },
  };
}
