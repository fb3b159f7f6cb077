import { randomBytes } from 'node:crypto';
import {
  ChangeModeInput,
  ChangePasswordInput,
  Code,
  DeveloperModeDetailInput,
  DeveloperModeFormInput,
  type DeveloperModeOutput,
  hashPassword,
  isStrongPassword,
  messages,
  Paths,
  type PersonalDetail,
  PersonalDetailInput,
  PersonalFormInput,
} from '@igs/contract';
import { hashSecret, verifySecret } from '../../auth/password-hash.ts';
import { endOtherSessions } from '../../auth/sessions.ts';
import { defineAction } from '../../http/action.ts';
import { apiError, invalidField } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import { AVATAR_MAX_BYTES, removeAvatar, saveAvatar } from './avatar.ts';

export const accountActions = [
  defineAction({
    path: Paths.personal,
    method: 'detail',
    summary: 'Personal data of the signed-in account, with last sign-in time and address',
    access: 'session',
    input: PersonalDetailInput,
    async handler({ app, caller }): Promise<PersonalDetail> {
      const u = caller!.user;
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

  defineAction({
    path: Paths.personal,
    method: 'form',
    summary: 'Saves personal data (multipart); photo is a JPG or PNG up to 10 MB, checked by content',
    access: 'session',
    input: PersonalFormInput,
    files: { field: 'photo', maxBytes: AVATAR_MAX_BYTES, tooLargeMessage: messages.avatarSize.en },
    async handler({ app, caller, files }, input) {
      const u = caller!.user;
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

  defineAction({
    path: Paths.personal,
    method: 'change_password',
    summary:
      'Changes the password: the original arrives hashed, the new one as typed (checked against the strength rule); ends the other sessions',
    access: 'session',
    input: ChangePasswordInput,
    async handler({ app, caller }, input) {
      const u = caller!.user;
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
      await endOtherSessions(app, u.id, caller!.session?.id ?? null);
      return null;
    },
  }),

  defineAction({
    path: Paths.developerMode,
    method: 'detail',
    summary: 'Developer mode status and, when on, the key that authenticates API calls (header IGS-Key)',
    access: 'session',
    input: DeveloperModeDetailInput,
    async handler({ caller }): Promise<DeveloperModeOutput> {
      const u = caller!.user;
      return { status: u.developer_status ? 1 : 0, key: u.developer_status ? (u.developer_key ?? '') : '' };
    },
  }),

  defineAction({
    path: Paths.developerMode,
    method: 'form',
    summary: 'Switches developer mode; switching on makes a new random key, switching off revokes it',
    access: 'session',
    input: DeveloperModeFormInput,
    async handler(ctx, input): Promise<DeveloperModeOutput> {
      const { app, caller } = ctx;
      const u = caller!.user;
      const key =
        input.status === 1
          ? u.developer_status && u.developer_key
            ? u.developer_key
            : randomBytes(24).toString('hex')
          : null;
      await app.db.kysely
        .updateTable('users')
        .set({ developer_status: input.status, developer_key: key, updated_at: app.now() })
        .where('id', '=', u.id)
        .execute();
      ctx.msg = input.status === 1 ? 'Developer mode is on' : 'Developer mode is off';
      return { status: input.status, key: key ?? '' };
    },
  }),

  defineAction({
    path: Paths.changeMode,
    method: 'changeMode',
    summary:
      'Switches the session between full (0) and operations (1) mode; refused for accounts without operations rights',
    access: 'session',
    input: ChangeModeInput,
    async handler({ app, caller }, input) {
      if (input.is_operations === 1 && !caller!.user.can_operations)
        throw apiError(Code.forbidden, 'operationsNotAllowed');
      if (caller!.session) {
        await app.db.kysely
          .updateTable('sessions')
          .set({ is_operations: input.is_operations })
          .where('id', '=', caller!.session.id)
          .execute();
      } else if (input.is_operations === 1) {
        throw apiError(Code.forbidden, 'operationsNotAllowed');
      }
      return { detail: { is_operations: input.is_operations } };
    },
  }),
];
