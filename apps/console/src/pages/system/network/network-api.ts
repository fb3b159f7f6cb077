import type { AnyCall, CallInput, CallOutput } from '@igs/contract/calls';
import type { FormInstance } from 'antd';
import { toast } from '../../../app/feedback.ts';
import { callEnvelope } from '../../../request/call.ts';
import { isRequestError } from '../../../request/index.ts';
import { formErrors } from './network-logic.ts';

/**
 * Sends a saving call of the contract. Success: the server's message as a toast (it says whether
 * the files were applied). A 422: the request layer has toasted the first problem; every problem
 * is also put on its form field. Resolves with the reply typed by the call, or null when the call
 * was refused.
 */
export async function save<C extends AnyCall>(
  def: C,
  input: CallInput<C>,
  form?: FormInstance,
): Promise<CallOutput<C> | null> {
  try {
    const env = await callEnvelope(def, input);
    toast.success(env.msg);
    return env.data;
  } catch (error) {
    if (form && isRequestError(error)) {
      const fields = formErrors(error.data);
      if (fields.length) form.setFields(fields);
    }
    return null;
  }
}
