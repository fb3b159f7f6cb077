import net from 'node:net';
import { Code, keepText, say, texts } from '@igs/contract';
import { itmsCalls } from '@igs/contract/calls';
import { itmsSettings } from '@igs/contract/extras';
import { type ActionContext, type AnyAction, defineCallAction } from '../../platform/http/action.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import {
  dnsmasqOption43Lines,
  hostDefaults,
  itmsConfig,
  lanAddress,
} from '../../platform/settings/itms-config.ts';
import { singletonActions, type Values } from '../../platform/singletons/store.ts';
import { writeWithRecords } from '../dnsmasq/index.ts';
import { connectionRequest, UnreachableError } from './connection-request.ts';

export { dnsmasqOption43Lines, itmsConfig, lanAddress } from '../../platform/settings/itms-config.ts';

/** Whether something accepts TCP connections on the CWMP port of this host (a real probe). */
function portListening(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Credentials come in pairs: a password without its username (or the reverse) is refused. */
function checkPairs(ctx: ActionContext, values: Values): void {
  for (const [user, pass, what] of [
    ['acs_username', 'acs_password', texts('tr069.credentialsAcs')],
    ['cr_username', 'cr_password', texts('tr069.credentialsConnectionRequest')],
  ] as const) {
    const hasUser = String(values[user] ?? '') !== '';
    const hasPass = String(values[pass] ?? '') !== '';
    if (hasUser && !hasPass) throw invalidField(pass, say(ctx.lang, 'tr069.passwordWithUsername', { what }));
    if (hasPass && !hasUser) throw invalidField(user, say(ctx.lang, 'tr069.usernameWithPassword', { what }));
  }
}

/**
 * Saving the settings rewrites the dnsmasq DHCP file when the `dhcp_option43` lines change
 * (DOMAIN 2.5 "dhcp_option43 adds a dhcp-option line for dnsmasq"): the settings are stored in a
 * transaction, the file is rendered from it and checked by `dnsmasq --test`, and a refusal undoes
 * the save (dnsmasq/service.ts writeWithRecords).
 */
function withDnsmasqLines(actions: AnyAction[]): AnyAction[] {
  return actions.map((a) => {
    if (a.method !== 'form') return a;
    const inner = a.handler;
    return {
      ...a,
      async handler(ctx: ActionContext, body: Record<string, unknown>) {
        const before = dnsmasqOption43Lines(await itmsConfig(ctx.app)).join('\n');
        const { out } = await writeWithRecords(
          ctx,
          'dhcp',
          async (tctx) => {
            const saved = await inner(tctx, body);
            const after = dnsmasqOption43Lines(await itmsConfig(tctx.app)).join('\n');
            return { saved, changed: after !== before };
          },
          { skip: (r) => !r.changed },
        );
        return out.saved;
      },
    } as AnyAction;
  });
}

/** `tr069/itms` (DOMAIN 2.5): the ACS settings and the connection-request test. */
export const tr069ExtrasActions = [
  ...withDnsmasqLines(
    singletonActions(itmsSettings, {
      defaults: hostDefaults,
      check: (ctx, values) => checkPairs(ctx, values),
      extra: async (_ctx, values) => ({
        lan_address: lanAddress(),
        acs_listening: await portListening(Number(values.cwmp_port)),
        dnsmasq_lines: dnsmasqOption43Lines(values),
      }),
    }) as AnyAction[],
  ),
  defineCallAction(itmsCalls.test, {
    summary: 'Sends a digest-authenticated connection request to one CPE (device_id) and reports the answer',
    access: 'module',
    async handler(ctx, input) {
      const db = ctx.app.db.kysely;
      const cpe = await db
        .selectFrom('tr069_device')
        .selectAll()
        .where('site_id', '=', 0)
        .where('device_id', '=', input.device_id)
        .executeTakeFirst();
      if (!cpe)
        throw new ApiError(Code.notFound, say(ctx.lang, 'tr069.cpeNotFound', { device_id: input.device_id }));
      const cfg = await itmsConfig(ctx.app);
      if (!cfg.cr_username || !cfg.cr_password)
        throw invalidField('cr_username', say(ctx.lang, 'tr069.setConnectionRequestUsername'));
      const reported = String(cpe.connection_request_url ?? '');
      // TR-069's default connection-request port is 7547, used until the CPE reports its URL.
      const url = reported || (cpe.ip ? `http://${cpe.ip}:7547/` : '');
      if (!/^https?:\/\/\S+$/i.test(url))
        throw new ApiError(
          Code.invalid,
          say(ctx.lang, 'tr069.cpeNotReportedConnection', { device_id: input.device_id }),
        );
      let result: Awaited<ReturnType<typeof connectionRequest>>;
      try {
        result = await connectionRequest(url, String(cfg.cr_username), String(cfg.cr_password));
      } catch (e) {
        if (!(e instanceof UnreachableError)) throw e;
        ctx.logDetail = keepText('log.cpeUnreachable', { device_id: input.device_id, url, reason: e.reason });
        throw new ApiError(
          Code.unavailable,
          say(ctx.lang, 'tr069.cpeUnreachable', { url, reason: e.reason }),
          { url, reason: e.reason },
        );
      }
      ctx.logDetail = `test ${input.device_id}: ${url} HTTP ${result.status} (${result.auth})`;
      const data = { url, http_status: result.status, auth: result.auth, guessed_url: !reported };
      if (result.status === 401)
        throw new ApiError(Code.invalid, say(ctx.lang, 'tr069.cpeRefusedConnectionRequest'), {
          ...data,
          errors: [{ field: 'cr_password', msg: 'refused by the CPE' }],
        });
      if (result.status < 200 || result.status >= 300)
        throw new ApiError(
          Code.unavailable,
          say(ctx.lang, 'tr069.cpeAnsweredHttp', { url, status: result.status }),
          data,
        );
      ctx.msg = say(ctx.lang, 'tr069.cpeAcceptedConnectionRequest', { status: result.status });
      return data;
    },
  }),
];
