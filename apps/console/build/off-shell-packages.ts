/**
 * Packages only some pages need, which the sign-in page's chunk and the signed-in shell (what every
 * page waits for) must not carry (issue 18): zod, which the console needs only where a form
 * validates before sending (the record forms, the voice settings). It comes back with a contract
 * value the shell uses that the console's build cannot reduce (build/call-refs.ts), or with a
 * console module of the shell that builds a schema.
 */
const OFF_SHELL = [{ name: 'zod', pattern: /[\\/]node_modules[\\/]zod[\\/]/ }];

/** The off-shell packages' modules the start chunk or the shell would hold (empty when all is well). */
export function offShellModules(start: Iterable<string>, chunkOf: ReadonlyMap<string, string>): string[] {
  const placed: [id: string, chunk: string][] = [...start].map((id) => [id, 'start']);
  for (const [id, chunk] of chunkOf) if (chunk === 'shell') placed.push([id, 'shell']);
  return placed
    .filter(([id]) => OFF_SHELL.some(({ pattern }) => pattern.test(id)))
    .map(([id, chunk]) => `${chunk}: ${id.replace(/^.*[\\/]node_modules[\\/]/, '')}`)
    .sort();
}

/** Fails the build when the start chunk or the shell would carry an off-shell package. */
export function assertOffShellPackages(start: Iterable<string>, chunkOf: ReadonlyMap<string, string>): void {
  const found = offShellModules(start, chunkOf);
  if (found.length === 0) return;
  throw new Error(
    `${OFF_SHELL.map((p) => p.name).join(', ')} in the sign-in page's chunk or the signed-in shell:\n` +
      `${found
        .slice(0, 10)
        .map((line) => `  ${line}`)
        .join('\n')}\n` +
      'A module of the start chunk or the shell uses it at run time: a contract value the shell imports that ' +
      "build/call-refs.ts does not reduce (a call's schemas reached another way), or a schema built by a shell module. " +
      'Keep schemas with the pages that validate with them.',
  );
}
