import { Code, type Lang } from '@igs/contract';
import type { ActionContext } from '../../http/action.ts';
import { ApiError } from '../../http/errors.ts';
import { loadConfig } from '../services/config.ts';

/**
 * DOMAIN 2.3 places the GB28181 SIP agent inside this server (port and ids in system/ServiceConfig,
 * key gb28181). This build has no such agent (services/units.ts says so on the service page), so
 * the verbs it would carry answer 503 naming it, after the checks that do not need it have passed.
 */

const say = (lang: Lang, en: string, zh: string) => (lang === 'zh_CN' ? zh : en);

export async function gbAgentUnavailable(
  ctx: ActionContext,
  what: { en: string; zh_CN: string },
  target: string,
): Promise<never> {
  const cfg = (await loadConfig(ctx.app)).gb28181;
  const port = Number(cfg.port ?? 15060);
  const lang = ctx.lang;
  if (!cfg.enabled)
    throw new ApiError(
      Code.unavailable,
      say(
        lang,
        `The GB28181 service is disabled (System › Service configuration): cannot ${what.en} ${target}`,
        `GB28181 服务已停用（系统 › 服务配置）：无法${what.zh_CN}${target}`,
      ),
      { service: 'gb28181' },
    );
  throw new ApiError(
    Code.unavailable,
    say(
      lang,
      `The GB28181 SIP agent (udp/${port}) is not running: this server has no GB28181 agent yet, so it cannot ${what.en} ${target}`,
      `GB28181 信令服务（udp/${port}）未运行：本服务器尚无 GB28181 信令代理，无法${what.zh_CN}${target}`,
    ),
    { service: 'gb28181', port },
  );
}
