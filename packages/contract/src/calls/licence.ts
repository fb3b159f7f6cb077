import { z } from 'zod';
import { Paths } from '../paths.ts';
import { defineCall } from './define.ts';

/** authorise/License (`authorise/license`): the licence in force, its import, the machine-code request. */

/** A single-use download the server offers (its URL and when it stops working). */
export const LicenceDownload = z.object({ url: z.string(), expires_at: z.string() });

export const LicenceState = z.enum(['evaluation', 'valid', 'expired', 'invalid', 'unlicensed']);
export type LicenceState = z.infer<typeof LicenceState>;

/** An instance of the deployment (one per machine) and whether the licence covers its machine. */
export const LicenceInstance = z.object({
  machine_code: z.string(),
  hostname: z.string(),
  version: z.string(),
  /** YYYY-MM-DD HH:mm:ss in the server's zone. */
  last_seen_at: z.string(),
  /** Seen lately; false: gone (stopped, or lost the database) and kept a while to be shown. */
  current: z.boolean(),
  /** The instance that answered this call. */
  this_instance: z.boolean(),
  /** Its machine code is one the installed licence names. */
  covered: z.boolean(),
});
export type LicenceInstance = z.infer<typeof LicenceInstance>;

export const LicenceDetail = z.object({
  state: LicenceState,
  reason: z.string(),
  warning: z.string(),
  product: z.string(),
  serial_no: z.string(),
  /** The first machine code the licence names ('' without a licence). */
  machine_code: z.string(),
  /** Every machine code the licence names (machine_code and machine_codes of the file). */
  machine_codes: z.array(z.string()),
  this_machine_code: z.string(),
  machine_code_error: z.string(),
  customer: z.string(),
  issued_at: z.string(),
  expires_at: z.string(),
  days_left: z.number().nullable(),
  limits: z.array(z.object({ key: z.string(), limit: z.number().nullable(), usage: z.number().nullable() })),
  modules: z.array(z.string()),
  areas: z.array(z.object({ key: z.string(), name: z.string() })),
  /** The deployment's instances, current ones first. */
  instances: z.array(LicenceInstance),
  version: z.string(),
  build: z.string(),
});
export type LicenceDetail = z.infer<typeof LicenceDetail>;

export const LicenceImported = z.object({
  serial_no: z.string(),
  modules: z.array(z.string()),
  expires_at: z.string(),
});
export type LicenceImported = z.infer<typeof LicenceImported>;

export const licenceCalls = {
  detail: defineCall({ path: Paths.licence, method: 'detail', input: z.object({}), output: LicenceDetail }),
  /** Multipart `file`, or the licence's text in `content`. */
  import: defineCall({
    path: Paths.licence,
    method: 'import',
    input: z.object({
      content: z
        .string()
        .max(64 * 1024)
        .optional(),
    }),
    output: LicenceImported,
  }),
  export: defineCall({ path: Paths.licence, method: 'export', input: z.object({}), output: LicenceDownload }),
};
