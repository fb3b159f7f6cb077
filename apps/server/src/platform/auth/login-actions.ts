import { Code, keepText, messages, Paths, RegisterInput, say, texts } from '@igs/contract';
import { authCalls, type SignInOutput } from '@igs/contract/calls';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import type { User } from '../db/schema.ts';
import { type ActionContext, defineAction, defineCallAction } from '../http/action.ts';
import { ApiError, apiError, invalidField } from '../http/errors.ts';
import { userAgent } from '../http/request-info.ts';
import { writeOperationLog } from '../logging/operation-log.ts';
import { getSettings } from '../settings/settings.ts';
import { suspendedCustomer } from '../sites/registry.ts';
import { issueCaptcha, verifyCaptcha } from './captcha.ts';
import { isDeviceToken, issueDeviceToken, redeemDeviceToken } from './device-tokens.ts';
import { HANDOFF_LIFETIME_MS, mintHandoffCode, redeemHandoffCode } from './handoff.ts';
import {
  accountSlowed,
  addressBlockedMinutes,
  recordAttempt,
  reserveAttempt,
  settleAttempt,
} from './lockout.ts';
import { hashSecret, verifySecret } from './password-hash.ts';
import { createSession, endSession, tokenFrom } from './sessions.ts';

// A hash to verify against when the account does not exist, so both cases take the same time.
const dummyHash = hashSecret('0'.repeat(64));

/** The account the password (or a remembered-device token) signs in; throws otherwise. */
async function checkCredentials(
  ctx: ActionContext,
  username: string,
  password: string,
  code: string,
): Promise<User> {
  const { app, req, ip, lang } = ctx;
  const from = { req, lang };
  const minutes = await addressBlockedMinutes(app, ip);
  if (minutes > 0) throw new ApiError(Code.locked, say(lang, 'auth.locked', { minutes }));
  if (isDeviceToken(password)) {
    await verifyCaptcha(app, req, code);
    // A lookup of a hash, no password check: a wrong token still counts against the address.
    const user = await redeemDeviceToken(app, password, username);
    await recordAttempt(app, username, ip, Boolean(user), from);
    if (!user) throw invalidField('password', 'accountOrPasswordError');
    return user;
  }
  await verifyCaptcha(app, req, code, await accountSlowed(app, username));
  // Reserved before the hash is computed: parallel attempts cannot all reach it.
  const reservation = await reserveAttempt(app, username, ip, from);
  const user = await app.db.kysely
    .selectFrom('users')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
  const ok = await verifySecret(user?.password_hash ?? (await dummyHash), password);
  await settleAttempt(app, reservation, Boolean(user && ok), from);
  if (!user || !ok) throw invalidField('password', 'accountOrPasswordError');
  return user;
}

export const loginActions = [
  defineAction({
    path: Paths.captcha,
    httpMethod: 'GET',
    summary: 'Captcha image (SVG), single use, bound to this browser by an HttpOnly cookie, valid 5 minutes',
    access: 'public',
    mutates: false,
    raw: true,
    input: z.object({}).loose(),
    handler: async (ctx) => issueCaptcha(ctx),
  }),

  defineCallAction(authCalls.login, {
    summary:
      'Sign in; the password arrives as the client-side SHA-256 hex. Returns the token and the weak-password flag.',
    access: 'public',
    selfLogged: true,
    async handler(ctx, input): Promise<SignInOutput> {
      const { app, req, ip } = ctx;
      const log = (code: number, detail: string) =>
        writeOperationLog(app, {
          req,
          ip,
          caller: undefined,
          username: input.username,
          module: 'login',
          action: 'login',
          code,
          detail,
        });
      try {
        const user = await checkCredentials(ctx, input.username, input.password, input.code);
        if (!user.enabled) throw apiError(Code.forbidden, 'accountDisabled');
        await refuseSuspendedCustomer(app, user);
        if (input.is_operations === 1 && !user.can_operations)
          throw apiError(Code.forbidden, 'operationsNotAllowed');
        const token = await createSession(app, user, {
          isOperations: input.is_operations,
          ip,
          userAgent: userAgent(req),
        });
        await app.db.kysely
          .updateTable('users')
          .set({ last_login_at: app.now(), last_login_ip: ip })
          .where('id', '=', user.id)
          .execute();
        // Kept as a key, read in the log reader's language.
        const mode = input.is_operations ? 'Operations' : 'Full';
        const remembered = isDeviceToken(input.password) ? 'Remembered' : '';
        await log(Code.ok, keepText(`log.signedIn${mode}${remembered}` as const));
        const out: SignInOutput = { token, weak_psw: user.weak_psw ? 1 : 0 };
        if (input.remember === 1) out.device_token = await issueDeviceToken(app, user);
        return out;
      } catch (err) {
        await log(
          err instanceof ApiError ? err.code : Code.unexpected,
          err instanceof Error ? err.message : 'error',
        );
        throw err;
      }
    },
  }),

  defineAction({
    path: Paths.register,
    summary: 'Self-registration (multipart, method offline); only when enabled in the settings',
    access: 'public',
    input: RegisterInput,
    async handler({ app }, input) {
      const settings = await getSettings(app);
      if (settings.register_enabled !== '1') throw apiError(Code.forbidden, 'registrationDisabled');
      if (settings.register_auth_code && input.auth_code !== settings.register_auth_code) {
        throw invalidField('auth_code', 'authCodeWrong');
      }
      const role = await app.db.kysely
        .selectFrom('roles')
        .select('id')
        .where('name', '=', settings.register_role)
        .executeTakeFirst();
      if (!role)
        throw new ApiError(
          Code.unavailable,
          texts('auth.registrationRoleMissing', { role: settings.register_role }),
        );
      const taken = await app.db.kysely
        .selectFrom('users')
        .select('id')
        .where('username', '=', input.username)
        .executeTakeFirst();
      if (taken)
        throw new ApiError(Code.conflict, texts('usernameTaken'), {
          errors: [{ field: 'username', msg: messages.usernameTaken.en }],
        });
      const now = app.now();
      const { id } = await app.db.kysely
        .insertInto('users')
        .values({
          username: input.username,
          password_hash: await hashSecret(input.password),
          // The server cannot see a hashed password's strength: the first sign-in forces a change.
          weak_psw: 1,
          role_id: role.id,
          phone: input.phone,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id };
    },
  }),

  defineCallAction(authCalls.handoffCode, {
    summary:
      "A single-use code (valid 60 s) that hands the caller's account and mode over to /authh5?token=<code>",
    access: 'session',
    mutates: true,
    async handler({ app, caller }) {
      if (!caller) throw apiError(Code.tokenInvalid, 'tokenInvalid');
      return { code: await mintHandoffCode(app, caller), expires_in: HANDOFF_LIFETIME_MS / 1000 };
    },
  }),

  defineCallAction(authCalls.handoffExchange, {
    summary:
      'Exchanges a hand-off code (once) for a NEW session of the same account and mode; returns the token and the weak-password flag',
    access: 'public',
    async handler(ctx, input) {
      const { app, req, ip } = ctx;
      const refused = () =>
        // 422, not 1002: the console answers 1002 by reloading, which would retry the same code.
        new ApiError(Code.invalid, handoffRefusedMessage(ctx.lang), {
          errors: [{ field: 'code', msg: handoffRefusedMessage(ctx.lang) }],
        });
      const minutes = await addressBlockedMinutes(app, ip);
      if (minutes > 0) throw new ApiError(Code.locked, say(ctx.lang, 'auth.locked', { minutes }));
      const handed = await redeemHandoffCode(app, input.code);
      const user = handed
        ? await app.db.kysely
            .selectFrom('users')
            .selectAll()
            .where('id', '=', handed.userId)
            .executeTakeFirst()
        : undefined;
      if (!handed || !user?.enabled) {
        // A guessed code is a failed sign-in of the address.
        if (!handed) await recordAttempt(app, '', ip, false, { req, lang: ctx.lang });
        throw refused();
      }
      await refuseSuspendedCustomer(app, user);
      const token = await createSession(app, user, {
        isOperations: handed.isOperations,
        ip,
        userAgent: userAgent(req),
      });
      ctx.logDetail = keepText('log.handedOver', { id: user.id, username: user.username });
      return { token, weak_psw: user.weak_psw ? (1 as const) : (0 as const) };
    },
  }),

  ...[authCalls.logout, authCalls.legacyLogout].map((call) =>
    defineCallAction(call, {
      summary:
        call === authCalls.logout
          ? 'Sign out: the token stops working at once'
          : 'Older logout variant; same effect as common/logout',
      access: 'public',
      mutates: true,
      async handler(ctx) {
        const token = tokenFrom(ctx.req);
        if (token) await endSession(ctx.app, token);
        return null;
      },
    }),
  ),
];

/**
 * An account of a suspended customer signs in in neither mode (docs/deployment/sites.md): 403
 * naming the customer. Checked after the password, so a wrong guess learns nothing of it.
 */
async function refuseSuspendedCustomer(app: AppContext, user: User): Promise<void> {
  const customer = await suspendedCustomer(app, user.cid);
  if (customer)
    throw new ApiError(Code.forbidden, texts('sites.customerSuspendedSignIn', { customer: customer.name }));
}

function handoffRefusedMessage(lang: 'en' | 'zh_CN'): string {
  return say(lang, 'auth.signLinkInvalidUsed');
}
