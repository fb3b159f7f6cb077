import { Code, type Lang, say } from '@igs/contract';
import { ApiError } from '../../platform/http/errors.ts';
import { AmiError, type AmiSession, amiTarget, withAmi } from './ami.ts';

/**
 * The live voice verbs' way to Asterisk (DOMAIN 3.5): the manager interface, or a 503 that names
 * where it was looked for and why it could not be used. An action Asterisk refuses (no such
 * channel, no such conference) answers 409 with Asterisk's own reason.
 */
export async function withManager<T>(lang: Lang, work: (ami: AmiSession) => Promise<T>): Promise<T> {
  const target = amiTarget();
  const where = `${target.host}:${target.port}`;
  try {
    return await withAmi(target, work);
  } catch (e) {
    if (!(e instanceof AmiError)) throw e;
    switch (e.kind) {
      case 'unreachable':
        throw new ApiError(
          Code.unavailable,
          say(lang, 'voice.asteriskManagerInterfaceNot', { where, reason: e.reason }),
        );
      case 'protocol':
        throw new ApiError(
          Code.unavailable,
          say(lang, 'voice.notAsteriskManagerInterface', { where, reason: e.reason }),
        );
      case 'login':
        throw new ApiError(
          Code.unavailable,
          say(lang, 'voice.asteriskManagerInterfaceRefused', {
            where,
            username: target.username,
            reason: e.reason,
          }),
        );
      default:
        throw new ApiError(
          Code.conflict,
          say(lang, 'voice.asteriskRefused', { action: e.action, reason: e.reason }),
        );
    }
  }
}
