import type { AppContext } from '../../../platform/app-context.ts';
import type { GbAgent } from './agent.ts';
import { sharedChannelNamed, sharedIds } from './cascade.ts';
import { findDevice, registrationLapsed } from './devices.ts';
import { DeviceRefused } from './errors.ts';
import { type Manscdp, text } from './manscdp.ts';

/**
 * A parent platform's DeviceControl (cascade, GB/T 28181 §9.3): forwarded to the device that owns
 * the channel it names, only for channels the platform shares, PTZ only when the platform's `ptz`
 * flag allows it. The outcome is the SIP status the parent is answered with: 200 once the device
 * accepted the command, else why not (the parent hears no more than that).
 */

export interface ControlOutcome {
  status: number;
  reason: string;
}

const outcome = (status: number, reason: string): ControlOutcome => ({ status, reason });

/** A PTZCmd is 8 bytes in hex (A5 0F …, §A.3); anything else is not forwarded. */
const PTZ_CMD = /^[0-9A-Fa-f]{16}$/;

export async function forwardParentControl(
  app: AppContext,
  agent: GbAgent,
  parent: { channel_ids: unknown; ptz: unknown },
  q: Manscdp,
  /** Called once the command is going to the device (the caller answers the parent 100 then). */
  trying: () => void,
): Promise<ControlOutcome> {
  const target = text(q.fields.DeviceID, 32);
  if (!/^\d{20}$/.test(target)) return outcome(400, 'Bad Request');
  const ptz = text(q.fields.PTZCmd, 32);
  const boot = text(q.fields.TeleBoot, 16);
  // One command per MESSAGE, and only these two: the others (record, guard, alarm reset) are not
  // forwarded yet.
  const fields: [string, string][] = [];
  if (ptz && !boot) {
    if (!PTZ_CMD.test(ptz)) return outcome(400, 'Bad Request');
    if (Number(parent.ptz) !== 1) return outcome(403, 'Forbidden');
    fields.push(['PTZCmd', ptz.toUpperCase()]);
  } else if (boot === 'Boot' && !ptz) fields.push(['TeleBoot', 'Boot']);
  else return outcome(488, 'Not Acceptable Here');

  // The shared channel named, or a shared channel of the device named (an IP camera is both).
  const channel = await sharedChannelNamed(app, sharedIds(parent.channel_ids), target);
  if (!channel?.device_id) return outcome(404, 'Not Found');
  const device = await findDevice(app, channel.device_id);
  if (
    !device?.online ||
    !device.ip ||
    !device.port ||
    device.approval === 'pending' ||
    registrationLapsed(device, app.now())
  )
    return outcome(480, 'Temporarily Unavailable');
  // PTZ goes to the channel named; a reboot to the device that owns it.
  const to = fields[0]![0] === 'PTZCmd' ? target : String(device.device_id);
  trying();
  try {
    await agent.control({ ...device, device_id: to }, fields);
  } catch (e) {
    return e instanceof DeviceRefused ? outcome(502, 'Bad Gateway') : outcome(504, 'Server Time-out');
  }
  return outcome(200, 'OK');
}
