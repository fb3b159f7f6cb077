import {
  Code,
  DEVELOPER_MODE_BUTTON,
  type DeveloperModeOutput,
  hashPassword,
  isStrongPassword,
  keepText,
  say,
  texts,
} from '@igs/contract';
import { changeModeCall, developerModeCalls, personalCalls } from '@igs/contract/calls';
import { developerKeyOf, endDeveloperKeys, issueDeveloperKey } from '../../platform/auth/developer-keys.ts';
import { hashSecret, verifySecret } from '../../platform/auth/password-hash.ts';
import { hasButton } from '../../platform/auth/permissions.ts';
import { endSessions } from '../../platform/auth/sessions.ts';
import { type Caller, defineCallAction } from '../../platform/http/action.ts';
import { apiError, invalidField } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { AVATAR_MAX_BYTES, removeAvatar, saveAvatar } from './avatar.ts';

export const accountActions = [
  defineCallAction(personalCalls.detail, {
    summary: 'Personal data of the signed-in account, with last sign-in time and address',
    access: 'session',
    async handler({ app, caller }) {
      const u = caller.user;
      // "Last login" is the sign-in before this one: the current one is not news to the user.
      const recent = await app.db.kysely
        .selectFrom('login_attempts')
        .select(['at', 'ip'])
        .where('username', '=', u.username)
        .where('success', '=', 1)
        .orderBy('at', 'desc')
        .limit(2)
        .execute();
      const previous = recent[1] ?? recent[0];
      return {
        id: u.id,
        username: u.username,
        nickname: u.nickname,
        photo: u.photo,
        sex: u.sex,
        cellphone: u.phone,
        company_name: u.company_name,
        we_chat: u.we_chat,
        mtime: formatDateTime(previous ? Number(previous.at) : u.last_login_at),
        loginip: previous?.ip ?? u.last_login_ip,
      };
    },
  }),

  defineCallAction(personalCalls.form, {
    summary: 'Saves personal data (multipart); photo is a JPG or PNG up to 10 MB, checked by content',
    access: 'session',
    files: { field: 'photo', maxBytes: AVATAR_MAX_BYTES, tooLargeMessage: texts('avatarSize') },
    async handler({ app, caller, files }, input) {
      const u = caller.user;
      if (input.id !== undefined && input.id !== u.id) throw apiError(Code.forbidden, 'forbiddenButton');
      const photo = files[0] ? await saveAvatar(app, files[0]) : undefined;
      await app.db.kysely
        .updateTable('users')
        .set({
          nickname: input.nickname,
          phone: input.cellphone,
          sex: input.sex,
          company_name: input.company_name,
          ...(photo ? { photo } : {}),
          updated_at: app.now(),
        })
        .where('id', '=', u.id)
        .execute();
      if (photo && u.photo) await removeAvatar(app, u.photo);
      return { photo: photo ?? u.photo };
    },
  }),

  defineCallAction(personalCalls.change_password, {
    summary:
      'Changes the password: the original arrives hashed, the new one as typed (checked against the strength rule); ends the other sessions (they answer 1005) and the developer key. Needs a session, not a key',
    access: 'session',
    async handler({ app, caller }, input) {
      requireSession(caller);
      const u = caller.user;
      if (!isStrongPassword(input.new_password)) throw invalidField('new_password', 'passwordWeak');
      if (!(await verifySecret(u.password_hash, input.password)))
        throw invalidField('password', 'originalPasswordWrong');
      await app.db.kysely
        .updateTable('users')
        .set({
          password_hash: await hashSecret(hashPassword(input.new_password)),
          weak_psw: 0,
          updated_at: app.now(),
        })
        .where('id', '=', u.id)
        .execute();
      // The other sessions and the developer key were opened with the old password: they end.
      await endSessions(
        app,
        { userIds: [u.id], exceptSessionId: caller.session?.id ?? null, developerKeys: true },
        'password',
      );
      return null;
    },
  }),

  defineCallAction(personalCalls.sign_out_everywhere, {
    summary:
      'Signs the account out everywhere: every session (this one too) and the developer key end; their tokens answer 1005',
    access: 'session',
    mutates: true,
    async handler(ctx) {
      const { app, caller } = ctx;
      requireSession(caller);
      const ended = await endSessions(app, { userIds: [caller.user.id], developerKeys: true }, 'everywhere');
      ctx.logDetail = keepText('log.signedOutEverywhere', { n: ended });
      return { ended };
    },
  }),

  defineCallAction(developerModeCalls.detail, {
    summary:
      'Developer mode status; when on, the last 4 characters of the key (header IGS-Key), when it was made and when it ends. The key itself is shown only when made',
    access: 'session',
    async handler({ app, caller }): Promise<DeveloperModeOutput> {
      const u = caller.user;
      return developerModeOutput(app, caller, await developerKeyOf(app, u.id), '');
    },
  }),

  defineCallAction(developerModeCalls.form, {
    summary: `Switches developer mode. On (needs the button ${DEVELOPER_MODE_BUTTON}) makes a key, shown in this reply only and ending after DEVELOPER_KEY_DAYS; on again while on keeps it; off ends it`,
    access: 'session',
    async handler(ctx, input): Promise<DeveloperModeOutput> {
      const { app, caller } = ctx;
      const u = caller.user;
      if (input.status === 0) {
        await endDeveloperKeys(app, app.db.kysely, [u.id]);
        ctx.msg = say(ctx.lang, 'accounts.developerModeOff');
        return developerModeOutput(app, caller, null, '');
      }
      // A key must not renew itself past its expiry: making one needs a signed-in session.
      requireSession(caller);
      if (!(await hasButton(app, u.role_id, DEVELOPER_MODE_BUTTON)))
        throw apiError(Code.forbidden, 'developerKeyButton');
      ctx.msg = say(ctx.lang, 'accounts.developerModeOn');
      const current = await developerKeyOf(app, u.id);
      if (current) return developerModeOutput(app, caller, current, '');
      const made = await issueDeveloperKey(app, u.id);
      ctx.logDetail = keepText('log.developerKeyMade', {
        hint: made.hint,
        at: formatDateTime(made.expiresAt),
      });
      return developerModeOutput(app, caller, made, made.key);
    },
  }),

  defineCallAction(changeModeCall.changeMode, {
    summary:
      'Switches the session between full (0) and operations (1) mode; refused for accounts without operations rights',
    access: 'session',
    async handler({ app, caller }, input) {
      if (input.is_operations === 1 && !caller.user.can_operations)
        throw apiError(Code.forbidden, 'operationsNotAllowed');
      if (caller.session) {
        await app.db.kysely
          .updateTable('sessions')
          .set({ is_operations: input.is_operations })
          .where('id', '=', caller.session.id)
          .execute();
      } else if (input.is_operations === 1) {
        throw apiError(Code.forbidden, 'operationsNotAllowed');
      }
      return { detail: { is_operations: input.is_operations } };
    },
  }),
];

/** Calls that change credentials need a session: a developer key cannot change its own account. */
function requireSession(caller: Caller): void {
  if (!caller.session) throw apiError(Code.forbidden, 'sessionRequired');
}

async function developerModeOutput(
  app: Parameters<typeof developerKeyOf>[0],
  caller: Caller,
  key: { hint: string; createdAt: number; expiresAt: number } | null,
  clear: string,
): Promise<DeveloperModeOutput> {
  return {
    status: key ? 1 : 0,
    key: clear,
    key_hint: key?.hint ?? '',
    created_at: key ? formatDateTime(key.createdAt) : '',
    expires_at: key ? formatDateTime(key.expiresAt) : '',
    can_enable: (await hasButton(app, caller.user.role_id, DEVELOPER_MODE_BUTTON)) ? 1 : 0,
  };
}
