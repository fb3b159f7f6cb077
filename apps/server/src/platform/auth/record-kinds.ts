import { referencesTo, resourceByName } from '@igs/contract/resources';
import type { AppContext } from '../app-context.ts';
import type { Caller } from '../http/action.ts';
import { holdsAnyPath } from './permissions.ts';

/**
 * Which kinds of record a caller may see in session-level reads (the dashboard and its export,
 * the hint badges, the cascading pickers): a kind appears only if the caller's role holds, in the
 * session's mode, a menu that lists the resource's page (its full-mode endpoint, or its
 * operations twin in operations mode). Sites are narrowed separately (auth/sites.ts).
 */

function endpointsOf(names: readonly string[], operations: boolean): string[] {
  const out: string[] = [];
  for (const name of names) {
    const def = resourceByName(name);
    if (!def) throw new Error(`unknown resource ${name}`);
    const path = operations ? def.opsEndpoint : def.endpoint;
    if (path) out.push(path);
  }
  return out;
}

/** The caller's role holds the page of this resource. */
export function seesResource(app: AppContext, caller: Caller, name: string): Promise<boolean> {
  return holdsAnyPath(app, caller, endpointsOf([name], caller.isOperations === 1));
}

/**
 * The caller may pick records of this resource: it holds the resource's own page, or the page
 * of a resource whose form references it (a film's class picker needs the films page only).
 */
export function picksResource(app: AppContext, caller: Caller, name: string): Promise<boolean> {
  const names = [name, ...referencesTo(name).map((r) => r.resource.name)];
  return holdsAnyPath(app, caller, endpointsOf(names, caller.isOperations === 1));
}
