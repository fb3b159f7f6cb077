import type { FormInstance } from 'antd';
import { toast } from '../../../app/feedback.ts';
import { isRequestError, requestEnvelope } from '../../../request/index.ts';
import { formErrors } from './network-logic.ts';

/** What the network, DHCP and DNS saves answer: the files written and whether they are in effect. */
export interface SaveReply {
  written: string[];
  removed: string[];
  applied: boolean;
  note: string;
  test?: { ran: boolean; ok: boolean; output: string };
}

/**
 * Sends a saving call. Success: the server's message as a toast (it says whether the files were
 * applied). A 422: the request layer has toasted the first problem; every problem is also put on
 * its form field. Resolves with the reply, or null when the call was refused.
 */
export async function save<T = SaveReply>(
  path: string,
  body: Record<string, unknown>,
  form?: FormInstance,
): Promise<T | null> {
  try {
    const env = await requestEnvelope<T>(path, body);
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
