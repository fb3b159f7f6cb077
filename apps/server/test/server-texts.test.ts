import { Cookies, hashPassword, type LogEntry, Paths } from '@igs/contract';
import { SystemServicePaths } from '@igs/contract/extras';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * Server messages come from one keyed catalogue in the caller's language (the `language` cookie,
 * then Accept-Language): refusals, field errors, zod's own wording, and the operation log's names.
 */
const CJK = /[\u4e00-\u9fff]/;
const zh = { headers: { cookie: `${Cookies.language}=zh_CN` } };
const en = { headers: { cookie: `${Cookies.language}=en` } };

describeEachDb('server texts in the caller’s language', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => s.close());

  const call = (path: string, body: Record<string, unknown>, lang: typeof zh) =>
    s.call(path, body, { token, ...lang });

  describe('refusals', () => {
    it('a wrong original password, message and field error, in the console’s language only', async () => {
      const body = {
        method: 'change_password',
        password: hashPassword('wrong'),
        new_password: 'Str0ng!Pass',
      };
      const inEn = await call(Paths.personal, body, en);
      expect(inEn).toMatchObject({ code: 422, msg: 'The original password is wrong' });
      expect(inEn.data).toEqual({ errors: [{ field: 'password', msg: 'The original password is wrong' }] });
      const inZh = await call(Paths.personal, body, zh);
      expect(inZh).toMatchObject({ code: 422, msg: '原密码错误' });
      expect(inZh.data).toEqual({ errors: [{ field: 'password', msg: '原密码错误' }] });
    });

    it('a feature’s own refusal (hot standby without a peer)', async () => {
      const inEn = await call(SystemServicePaths.hotStandby, { method: 'check' }, en);
      expect(inEn).toMatchObject({ code: 422, msg: 'Set the peer IP first' });
      const inZh = await call(SystemServicePaths.hotStandby, { method: 'check' }, zh);
      expect(inZh).toMatchObject({ code: 422, msg: '请先设置对端IP' });
    });

    it('a rule with parameters (log retention out of range)', async () => {
      const body = { method: 'config_form', retention_days: 0 };
      expect((await call(Paths.logging, body, en)).msg).toBe(
        'retention_days must be a whole number from 1 to 3650',
      );
      expect((await call(Paths.logging, body, zh)).msg).toBe('retention_days 须为 1–3650 的整数');
    });

    it('zod’s own wording and a schema’s keyed message follow the language', async () => {
      const tooBig = { method: 'list', limit: 5000 };
      const inEn = await call(Paths.logging, tooBig, en);
      expect(inEn.code).toBe(422);
      expect(inEn.msg).not.toMatch(CJK);
      const inZh = await call(Paths.logging, tooBig, zh);
      expect(inZh.code).toBe(422);
      expect(inZh.msg).toMatch(CJK);
      // A message the schema names by key (shell-api.ts): no field prefix, in the caller's language.
      const noMethod = { method: 'change_password', password: 'x', new_password: 'Str0ng!Pass' };
      expect((await call(Paths.personal, noMethod, en)).msg).toBe('Please enter the original password');
      expect((await call(Paths.personal, noMethod, zh)).msg).toBe('请输入原密码');
    });

    it('Accept-Language decides without the cookie', async () => {
      const r = await s.call(
        SystemServicePaths.hotStandby,
        { method: 'check' },
        { token, headers: { 'accept-language': 'zh-CN,zh;q=0.9' } },
      );
      expect(r.msg).toBe('请先设置对端IP');
    });
  });

  describe('the operation log', () => {
    it('names the module by its menu title and the action in words, the path kept', async () => {
      await call(
        Paths.personal,
        { method: 'change_password', password: hashPassword('wrong'), new_password: 'Str0ng!Pass' },
        en,
      );
      const list = async (lang: typeof zh) =>
        (
          await call(
            Paths.logging,
            { method: 'list', filter: { module: 'index:personal', action: 'change_password' } },
            lang,
          )
        ).data as { list: (LogEntry & Record<string, string>)[] };
      const inEn = (await list(en)).list[0]!;
      expect(inEn).toMatchObject({
        module: 'index:personal',
        action: 'change_password',
        path: Paths.personal,
        module_title: 'Personal data',
        action_title: 'Change password',
        summary: 'Personal data — Change password',
        result: 'fail',
        detail: 'The original password is wrong',
      });
      const inZh = (await list(zh)).list[0]!;
      expect(inZh).toMatchObject({
        module_title: '个人资料',
        action_title: '修改密码',
        summary: '个人资料 — 修改密码',
        path: Paths.personal,
      });
    });

    it('names a module page by its menu and a record verb by its label', async () => {
      const r = await call(Paths.logging, { method: 'config_form', retention_days: 200 }, en);
      expect(r.code).toBe(200);
      const row = async (lang: typeof zh) =>
        (
          (
            await call(
              Paths.logging,
              { method: 'list', filter: { module: 'system:logging', action: 'config_form' } },
              lang,
            )
          ).data as { list: Record<string, string>[] }
        ).list[0]!;
      expect(await row(en)).toMatchObject({ action_title: 'Save settings' });
      const inZh = await row(zh);
      expect(inZh.module_title).toMatch(CJK);
      expect(inZh.action_title).toBe('保存设置');
    });
  });
});
