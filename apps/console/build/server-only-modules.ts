/**
 * Modules of the contract that only the server reads: the server's text catalogue (both
 * languages of every refusal, validation message, job result and log text; the console shows the
 * server's replies as they come, in the language it asked for). The console's schemas name their
 * messages by key through `server-texts/issue.ts`; importing that from the catalogue's own module
 * once put the whole catalogue, 35 KB compressed and its evaluation, into the signed-in shell that
 * every page load waits for (docs/performance.md, issue 18).
 */
const SERVER_ONLY = /[\\/]packages[\\/]contract[\\/]src[\\/]server-texts[\\/](?!issue\.ts$)[^\\/]+$/;

/** The bundled modules that only the server should load (empty when all is well). */
export function serverOnlyModules(modules: Iterable<string>): string[] {
  return [...modules].filter((id) => SERVER_ONLY.test(id)).sort();
}

/** Fails the build when a console chunk would carry the server's catalogue, naming its modules. */
export function assertNoServerOnlyModules(modules: Iterable<string>): void {
  const found = serverOnlyModules(modules);
  if (found.length === 0) return;
  const names = found.map((id) => `  ${id.replace(/^.*[\\/]packages[\\/]/, 'packages/')}`).join('\n');
  throw new Error(
    `the server's text catalogue in the console's bundle:\n${names}\n` +
      "Something the console loads uses what @igs/contract's server-texts/index.ts defines (the " +
      "catalogue's own functions); a schema that names its message by key takes keyedIssue from server-texts/issue.ts.",
  );
}
