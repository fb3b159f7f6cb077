import type { AppContext } from '../app-context.ts';
import type { ActionContext, AnyAction } from '../http/action.ts';
import { isMutating } from '../http/action.ts';

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

/**
 * Wraps every write call (add, edit, del, state, sort, import, …) of the generic resource actions
 * on the given endpoints in `around`, which gets the call's context and a `write` to run the call
 * with (a context of its own, e.g. one whose database is a transaction: see transaction.ts
 * `inCallTransaction`). Unlike `afterResourceWrites`, a failure of `around` is the call's answer:
 * for effects that must agree with the records (a generated configuration file), where `around`
 * undoes the record write when the effect fails. `around` returns the call's reply.
 */
export function aroundResourceWrites(
  actions: readonly AnyAction[],
  endpoints: readonly string[],
  around: (
    ctx: ActionContext,
    write: (ctx: ActionContext) => Promise<unknown>,
    action: AnyAction,
  ) => Promise<unknown>,
): AnyAction[] {
  const paths = new Set(endpoints.map((p) => p.toLowerCase()));
  return actions.map((a) => {
    if (!paths.has(a.path.toLowerCase()) || !isMutating(a)) return a;
    const inner = a.handler;
    return {
      ...a,
      handler: (ctx: ActionContext, input: unknown) => around(ctx, (c) => inner(c, input), a),
    };
  });
}
