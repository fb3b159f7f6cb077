/** A rejected call: the business code (or -1 for a transport failure), the message and data. */
export class RequestError<D = unknown> extends Error {
  readonly code: number;
  readonly msg: string;
  readonly data: D;
  /** True when the request layer already showed this error, so callers do not toast it twice. */
  readonly notified: boolean;

  constructor(code: number, msg: string, data: D, notified = false) {
    super(msg);
    this.name = 'RequestError';
    this.code = code;
    this.msg = msg;
    this.data = data;
    this.notified = notified;
  }
}

/** Code of a transport failure (HTTP status other than 200, or no answer at all). */
export const NETWORK_FAILURE = -1;

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}

/** The text to show for any thrown value. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
