import type { AnyCall, CallInput, CallOutput } from '@igs/contract/calls';
import { type RequestOptions, request } from './index.ts';

/**
 * A call of the contract (`@igs/contract/calls`): the body is the call's method with its input,
 * and the reply is typed by the call's output schema, so a changed reply field is a type error
 * here as in the server. Same options and error handling as `request`, through which it goes
 * (so tests that replace the request layer see it as any other call).
 */
export function call<C extends AnyCall>(
  def: C,
  input: CallInput<C>,
  opts?: RequestOptions,
): Promise<CallOutput<C>> {
  const body = def.method ? { ...(input as object), method: def.method } : (input as object);
  return request<CallOutput<C>>(def.path, body, opts);
}
