import { z } from 'zod';

/**
 * Input pieces of the terminal API: the contract's (calls/terminal-api.ts), and `When` for play.
 * Every text is bounded and free of control characters; a MAC is normalised to the stored form
 * (lower case, colons) and must be a unicast, non-zero address.
 */

export {
  AndroidPackageName as PackageName,
  normaliseMac,
  TerminalMac as Mac,
  terminalText as text,
} from '@igs/contract/calls';

/** A time as `YYYY-MM-DD HH:mm:ss`, or epoch seconds / milliseconds; answered as epoch ms. */
export const When = z.union([z.string().trim().max(32), z.number().finite().nonnegative()]);
