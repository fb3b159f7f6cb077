/**
 * Business codes carried in the `code` field of every reply (spec section 8, DOMAIN section 3.5).
 * Replies are always HTTP 200; a non-200 HTTP status means a transport failure.
 */
export const Code = {
  ok: 200,
  badRequest: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  invalid: 422,
  locked: 423,
  rateLimited: 429,
  openUrl: 500,
  unavailable: 503,
  tokenInvalid: 1002,
  sessionExpired: 1005,
  licenceRefused: 1006,
  /** The account's password is weak (seeded default or reset by an administrator): change it first. */
  passwordChangeRequired: 1007,
  unexpected: 5000,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** The reply envelope of every call. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface FieldError {
  field: string;
  msg: string;
}
