import type { AppContext } from '../../app-context.ts';
import type { ActionContext, AnyAction } from '../../http/action.ts';
import { isMutating } from '../../http/dispatch.ts';

/**
 * Runs `then` after every successful write call (add, edit, del, state, sort, import, …) of the
 * generic resource actions on the given endpoints: for state derived from those records that
 * lives outside the table (the menu cache, running client connections). A failed call runs
 * nothing; `then` failing is logged, never turned into the call's answer (the write is done).
 */
export function afterResourceWrites(
  actions: readonly AnyAction[],
  endpoints: readonly string[],
  then: (app: AppContext) => void | Promise<void>,
  what: string,
): AnyAction[] {
  const paths = new Set(endpoints.map((p) => p.toLowerCase()));
  return actions.map((a) => {
    if (!paths.has(a.path.toLowerCase()) || !isMutating(a)) return a;
    const inner = a.handler;
    return {
      ...a,
      async handler(ctx: ActionContext, input: unknown) {
        const out = await inner(ctx, input);
        try {
          await then(ctx.app);
        } catch (e) {
          ctx.app.log.error({ err: e }, `${what} after ${a.path} ${a.method ?? ''} failed`);
        }
        return out;
      },
    };
  });
}
