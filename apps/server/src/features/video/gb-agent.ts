import { Code, say } from '@igs/contract';
import type { ActionContext } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { loadConfig } from '../../platform/settings/service-config.ts';

/**
 * DOMAIN 2.3 places the GB28181 SIP agent inside this server (port and ids in system/ServiceConfig,
 * key gb28181). This build has no such agent (services/units.ts says so on the service page), so
 * the verbs it would carry answer 503 naming it, after the checks that do not need it have passed.
 */

export async function gbAgentUnavailable(
  ctx: ActionContext,
  what: { en: string; zh_CN: string },
  target: string,
): Promise<never> {
  const cfg = (await loadConfig(ctx.app)).gb28181;
  const port = Number(cfg.port ?? 15060);
  const lang = ctx.lang;
  if (!cfg.enabled)
    throw new ApiError(Code.unavailable, say(lang, 'video.gb28181ServiceDisabledSystem', { what, target }), {
      service: 'gb28181',
    });
  throw new ApiError(Code.unavailable, say(lang, 'video.gb28181SipAgentUdp', { port, what, target }), {
    service: 'gb28181',
    port,
  });
}
