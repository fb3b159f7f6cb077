import { z } from 'zod';

/**
 * One call of the API as both sides know it (issue 14 item 1): where it goes, what it takes and
 * what it answers, as zod schemas. The server's action is built from it (its input parsed by
 * `input`, its handler's return checked against `output` by the type checker, and by `output` at
 * run time in tests and development); the console calls it with `call(def, input)` and gets the
 * reply typed by `output`; the OpenAPI document describes both. A change of a reply field is then
 * a type error in both apps, not a surprise at run time.
 */
export interface CallDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** The endpoint, e.g. `/admin.php/system/disk_set`. */
  path: string;
  /** The body's `method` that picks this call on the endpoint; none where the path alone does. */
  method?: string;
  /** The body beside `method`. */
  input: I;
  /** The reply's `data`. */
  output: O;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds calls of many schemas
export type AnyCall = CallDef<any, any>;

export function defineCall<I extends z.ZodType, O extends z.ZodType>(def: CallDef<I, O>): CallDef<I, O> {
  return def;
}

/** What a caller sends beside `method`. */
export type CallInput<C extends AnyCall> = z.input<C['input']>;
/** The input as the server's handler gets it: parsed, defaults applied. */
export type CallArgs<C extends AnyCall> = z.output<C['input']>;
/** What the call answers in `data`. */
export type CallOutput<C extends AnyCall> = z.output<C['output']>;

/** The page of a list call: `page` from 1, `limit` up to the server's 200 (20 by default). */
export const paging = {
  page: z.coerce.number().int().min(1).optional().default(1),
  limit: z.coerce.number().int().min(1).max(200).optional().default(20),
};
