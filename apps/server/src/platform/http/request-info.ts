import type { Lang } from '@igs/contract';
import { Cookies } from '@igs/contract';
import type { FastifyRequest } from 'fastify';

/** The caller's language: the console's language cookie, then Accept-Language, then Chinese. */
export function requestLang(req: FastifyRequest): Lang {
  const cookie = req.cookies?.[Cookies.language];
  if (cookie === 'en' || cookie === 'zh_CN') return cookie;
  const accept = String(req.headers['accept-language'] ?? '').toLowerCase();
  if (accept.startsWith('en')) return 'en';
  if (accept.startsWith('zh')) return 'zh_CN';
  return accept ? 'en' : 'zh_CN';
}

export function requestIp(req: FastifyRequest): string {
  return req.ip ?? '';
}

export function userAgent(req: FastifyRequest): string {
  return String(req.headers['user-agent'] ?? '').slice(0, 500);
}
