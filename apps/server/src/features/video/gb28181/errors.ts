/** How an exchange with a device or a parent platform failed (the verbs turn these into replies). */

/** The peer answered with a final status of 300 or more. */
export class DeviceRefused extends Error {
  readonly status: number;
  /** The refusal answered our digest (a parent platform's challenge): the credentials are wrong. */
  readonly afterChallenge: boolean;
  constructor(status: number, afterChallenge = false) {
    super(`device answered ${status}`);
    this.status = status;
    this.afterChallenge = afterChallenge;
  }
}

/** The peer did not answer (or could not be reached) in time. */
export class NoReply extends Error {}

/** The peer could not be reached at all (a TCP connection refused, no route). */
export class Unreachable extends NoReply {}
