import type { AnyCall, CallInput, CallOutput } from '@igs/contract/calls';
import { type RequestOptions, request, requestEnvelope } from './index.ts';

export interface CallOptions extends RequestOptions {
  /**
   * Files sent with the call's input, by field name (e.g. the licence import's `file`): the body is
   * then multipart (FormData: `method`, each input field, each file), sent through the same
   * request layer, which leaves the boundary to the browser.
   */
  files?: Record<string, Blob | File>;
}

/** The call's body as multipart: `method`, the input's fields (objects as JSON), then the files. */
export function formDataOf(def: AnyCall, input: object, files: Record<string, Blob | File>): FormData {
  const fd = new FormData();
  if (def.method) fd.append('method', def.method);
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    fd.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  for (const [field, file] of Object.entries(files))
    if (file instanceof File) fd.append(field, file, file.name);
    else fd.append(field, file);
  return fd;
}

/**
 * A call of the contract (`@igs/contract/calls`): the body is the call's method with its input,
 * and the reply is typed by the call's output schema, so a changed reply field is a type error
 * here as in the server. Same options and error handling as `request`, through which it goes
 * (so tests that replace the request layer see it as any other call). With `opts.files` the body
 * is the FormData of the input and the files (`formDataOf`).
 */
export function call<C extends AnyCall>(
  def: C,
  input: CallInput<C>,
  opts?: CallOptions,
): Promise<CallOutput<C>> {
  const { files, ...rest } = opts ?? {};
  if (files) return request<CallOutput<C>>(def.path, formDataOf(def, input as object, files), rest);
  return request<CallOutput<C>>(def.path, bodyOf(def, input), opts);
}

/** The JSON body of a call: its input with its method. */
function bodyOf<C extends AnyCall>(def: C, input: CallInput<C>): object {
  return def.method ? { ...(input as object), method: def.method } : (input as object);
}

/** The body `call` sends for `input`, as text (what the served page's early call must match). */
export function jsonBodyOf<C extends AnyCall>(def: C, input: CallInput<C>): string {
  return JSON.stringify(bodyOf(def, input));
}

/**
 * As `call`, resolving with the whole envelope, for a reply whose message the page shows itself
 * (a toast of what a save or a verb did); `data` is typed by the call's output.
 */
export function callEnvelope<C extends AnyCall>(def: C, input: CallInput<C>, opts?: RequestOptions) {
  return requestEnvelope<CallOutput<C>>(def.path, bodyOf(def, input), opts);
}
