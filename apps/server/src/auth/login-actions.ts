import {
  Code,
  LoginInput,
  type LoginOutput,
  lockedMessage,
  messages,
  Paths,
  RegisterInput,
} from '@igs/contract';
import { z } from 'zod';
import { writeOperationLog } from '../features/logging/operation-log.ts';
import { getSettings } from '../features/settings/settings.ts';
import { defineAction } from '../http/action.ts';
import { ApiError, apiError, invalidField } from '../http/errors.ts';
import { userAgent } from '../http/request-info.ts';
import { issueCaptcha, verifyCaptcha } from './captcha.ts';
import { lockedMinutes, recordAttempt } from './lockout.ts';
import { hashSecret, verifySecret } from './password-hash.ts';
import { createSession, endSession, tokenFrom } from './sessions.ts';

// A hash to verify against when the account does not exist, so both cases take the same time.
const dummyHash = hashSecret('0'.repeat(64));

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

  defineAction({
    path: Paths.login,
    summary:
      'Sign in; the password arrives as the client-side SHA-256 hex. Returns the token and the weak-password flag.',
    access: 'public',
    selfLogged: true,
    input: LoginInput,
    async handler(ctx, input): Promise<LoginOutput> {
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
        const minutes = await lockedMinutes(app, input.username, ip);
        if (minutes > 0) throw new ApiError(Code.locked, lockedMessage(minutes, ctx.lang));
        await verifyCaptcha(app, req, input.code);
        const user = await app.db.kysely
          .selectFrom('users')
          .selectAll()
          .where('username', '=', input.username)
          .executeTakeFirst();
        const ok = await verifySecret(user?.password_hash ?? (await dummyHash), input.password);
        if (!user || !ok) {
          await recordAttempt(app, input.username, ip, false);
          throw invalidField('password', 'accountOrPasswordError');
        }
        if (!user.enabled) throw apiError(Code.forbidden, 'accountDisabled');
        if (input.is_operations === 1 && !user.can_operations)
          throw apiError(Code.forbidden, 'operationsNotAllowed');
        await recordAttempt(app, input.username, ip, true);
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
        await log(Code.ok, input.is_operations ? 'operations mode' : 'full mode');
        return { token, weak_psw: user.weak_psw ? 1 : 0 };
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
        throw new ApiError(Code.unavailable, `Registration role "${settings.register_role}" does not exist`);
      const taken = await app.db.kysely
        .selectFrom('users')
        .select('id')
        .where('username', '=', input.username)
        .executeTakeFirst();
      if (taken)
        throw new ApiError(
          Code.conflict,
          messages.usernameTaken.en,
          { errors: [{ field: 'username', msg: messages.usernameTaken.en }] },
          'usernameTaken',
        );
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

  ...[Paths.logout, Paths.legacyLogout].map((path) =>
    defineAction({
      path,
      summary:
        path === Paths.logout
          ? 'Sign out: the token stops working at once'
          : 'Older logout variant; same effect as common/logout',
      access: 'public',
      mutates: true,
      input: z.object({}).loose(),
      async handler(ctx) {
        const token = tokenFrom(ctx.req);
        if (token) await endSession(ctx.app, token);
        return null;
      },
    }),
  ),
];
