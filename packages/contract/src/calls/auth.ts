import { z } from 'zod';
import { Paths } from '../paths.ts';
import { LoginInput, LoginOutput } from '../shell-api.ts';
import { defineCall } from './define.ts';

/**
 * Sign-in and sign-out (`common/login`, `common/logout`) and the hand-off of a session to the H5
 * page (`handoff_code`, `handoff_exchange`). The captcha image and the self-registration form stay
 * plain actions of the server: the first answers an SVG, the second checks its own `method`.
 */

/** The shape of a remembered-device token: told apart from the 64-hex password hash sent in the same field. */
export const DEVICE_TOKEN_PATTERN = /^dt\.[A-Za-z0-9_-]{43}$/;

const flag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0) as 0 | 1);

/**
 * The sign-in body: `password` is the client-side SHA-256 hex or, from a remembered browser, the
 * device token its saved-password cookie holds (spec section 5 sends that cookie as is);
 * `remember` 1 asks for a device token to keep.
 */
export const SignInInput = LoginInput.extend({
  password: z.union([LoginInput.shape.password, z.string().regex(DEVICE_TOKEN_PATTERN)], {
    error: 'password must be the SHA-256 hex of the password or a remembered-device token',
  }),
  remember: flag.optional().default(0),
});
export type SignInInput = z.input<typeof SignInInput>;

/** The token and the weak-password flag; `device_token` when `remember` was 1. */
export const SignInOutput = LoginOutput.extend({ device_token: z.string().optional() });
export type SignInOutput = z.infer<typeof SignInOutput>;

export const authCalls = {
  login: defineCall({ path: Paths.login, input: SignInInput, output: SignInOutput }),
  /** The token stops working at once. */
  logout: defineCall({ path: Paths.logout, input: z.object({}).loose(), output: z.null() }),
  /** The older logout variant; same effect. */
  legacyLogout: defineCall({ path: Paths.legacyLogout, input: z.object({}).loose(), output: z.null() }),
  /** A single-use code (valid `expires_in` seconds) handing the session's account and mode over. */
  handoffCode: defineCall({
    path: Paths.handoffCode,
    input: z.object({}).loose(),
    output: z.object({ code: z.string(), expires_in: z.number() }),
  }),
  /** Exchanges a hand-off code (once) for a new session of the same account and mode. */
  handoffExchange: defineCall({
    path: Paths.handoffExchange,
    input: z.object({
      code: z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(128),
    }),
    output: LoginOutput,
  }),
};
