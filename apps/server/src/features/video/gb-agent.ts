import { Code, type Localized, say } from '@igs/contract';
import type { ActionContext } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { loadConfig } from '../../platform/settings/service-config.ts';
import { DeviceRefused, type GbAgent } from './gb28181/agent.ts';
import { type DeviceRow, findDevice, registrationLapsed } from './gb28181/devices.ts';
import { agentOf } from './gb28181/registry.ts';

/**
 * DOMAIN 2.3 places the GB28181 SIP agent inside this server (gb28181/agent.ts; port and ids in
 * system/ServiceConfig, key gb28181). The verbs reach it here: a disabled service, or an agent that
 * is not running (its port could not be bound), answers 503 naming it, after the checks that do not
 * need it have passed; a device that has not registered answers 409; one that does not answer, 503.
 */

export async function gbAgentUnavailable(
  ctx: ActionContext,
  what: Localized,
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

/** The running agent, or the 503 that says why there is none. */
export async function requireAgent(ctx: ActionContext, what: Localized, target: string): Promise<GbAgent> {
  const cfg = (await loadConfig(ctx.app)).gb28181;
  const agent = agentOf(ctx.app);
  if (!cfg.enabled || !agent) return gbAgentUnavailable(ctx, what, target);
  return agent;
}

/** The running agent and the registered device, or the error that says why not. */
export async function agentAndDevice(
  ctx: ActionContext,
  what: Localized,
  record: Record<string, unknown>,
  target: string,
): Promise<{ agent: GbAgent; device: DeviceRow }> {
  const cfg = (await loadConfig(ctx.app)).gb28181;
  const agent = agentOf(ctx.app);
  if (!cfg.enabled || !agent) return gbAgentUnavailable(ctx, what, target);
  const device = await findDevice(ctx.app, String(record.device_id));
  // A lapsed registration counts as none even before the offline check has marked it.
  if (!device?.online || !device.ip || !device.port || registrationLapsed(device, ctx.app.now()))
    throw new ApiError(Code.conflict, say(ctx.lang, 'video.gbDeviceNotRegistered', { target }));
  return { agent, device };
}

/** A failed exchange with the device as the verb's error: refused (409) or no answer (503). */
export function deviceFailure(ctx: ActionContext, target: string, err: unknown): ApiError {
  if (err instanceof DeviceRefused)
    return new ApiError(
      Code.conflict,
      say(ctx.lang, 'video.gbDeviceRefused', { target, status: err.status }),
    );
  const reason = err instanceof Error ? err.message : String(err);
  return new ApiError(Code.unavailable, say(ctx.lang, 'video.gbDeviceNoAnswer', { target, reason }), {
    service: 'gb28181',
  });
}
