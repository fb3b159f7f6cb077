import { Code, type Lang } from '@igs/contract';
import { ApiError } from '../../http/errors.ts';
import { AmiError, type AmiSession, amiTarget, withAmi } from './ami.ts';

/**
 * The live voice verbs' way to Asterisk (DOMAIN 3.5): the manager interface, or a 503 that names
 * where it was looked for and why it could not be used. An action Asterisk refuses (no such
 * channel, no such conference) answers 409 with Asterisk's own reason.
 */
export async function withManager<T>(lang: Lang, work: (ami: AmiSession) => Promise<T>): Promise<T> {
  const target = amiTarget();
  const where = `${target.host}:${target.port}`;
  const zh = lang === 'zh_CN';
  try {
    return await withAmi(target, work);
  } catch (e) {
    if (!(e instanceof AmiError)) throw e;
    switch (e.kind) {
      case 'unreachable':
        throw new ApiError(
          Code.unavailable,
          zh
            ? `无法连接Asterisk管理接口（AMI）${where}（${e.reason}）`
            : `Asterisk manager interface is not reachable at ${where} (${e.reason})`,
        );
      case 'protocol':
        throw new ApiError(
          Code.unavailable,
          zh
            ? `${where}不是Asterisk管理接口（AMI）：${e.reason}`
            : `${where} is not an Asterisk manager interface: ${e.reason}`,
        );
      case 'login':
        throw new ApiError(
          Code.unavailable,
          zh
            ? `Asterisk管理接口${where}拒绝了用户${target.username}的登录（${e.reason}）`
            : `Asterisk manager interface at ${where} refused the login of user ${target.username} (${e.reason})`,
        );
      default:
        throw new ApiError(
          Code.conflict,
          zh ? `Asterisk拒绝了${e.action}：${e.reason}` : `Asterisk refused ${e.action}: ${e.reason}`,
        );
    }
  }
}
