/**
 * Packages only some pages need, which the sign-in page's chunk, the signed-in shell (what every
 * page waits for) and the record page's chunk (what most module pages wait for) must not carry
 * (issue 18): zod, which the console needs only where a form validates before sending (the record
 * forms, which the record page loads after its list, the voice settings). It comes back with a
 * contract value the shell uses that the console's build cannot reduce (build/call-refs.ts), with a
 * console module of the shell that builds a schema, or with a module of the record page that
 * imports the contract's validation (`@igs/contract/resources/validation`) statically.
 */
const KEPT_LIGHT = new Set(['shell', 'records']);

const OFF_SHELL = [{ name: 'zod', pattern: /[\\/]node_modules[\\/]zod[\\/]/ }];

/** The off-shell packages' modules the start chunk, the shell or records would hold (empty when all is well). */
export function offShellModules(start: Iterable<string>, chunkOf: ReadonlyMap<string, string>): string[] {
  const placed: [id: string, chunk: string][] = [...start].map((id) => [id, 'start']);
  for (const [id, chunk] of chunkOf) if (KEPT_LIGHT.has(chunk)) placed.push([id, chunk]);
  return placed
    .filter(([id]) => OFF_SHELL.some(({ pattern }) => pattern.test(id)))
    .map(([id, chunk]) => `${chunk}: ${id.replace(/^.*[\\/]node_modules[\\/]/, '')}`)
    .sort();
}

/** Fails the build when the start chunk, the shell or records would carry an off-shell package. */
export function assertOffShellPackages(start: Iterable<string>, chunkOf: ReadonlyMap<string, string>): void {
  const found = offShellModules(start, chunkOf);
  if (found.length === 0) return;
  throw new Error(
    `${OFF_SHELL.map((p) => p.name).join(', ')} in the sign-in page's chunk, the signed-in shell or the record page's chunk:\n` +
      `${found
        .slice(0, 10)
        .map((line) => `  ${line}`)
        .join('\n')}\n` +
      'A module of one of them uses it at run time: a contract value the shell imports that ' +
      "build/call-refs.ts does not reduce (a call's schemas reached another way), a schema built by a shell module, " +
      'or a static import of @igs/contract/resources/validation by the record page. ' +
      'Keep schemas with the forms that validate with them.',
  );
}
