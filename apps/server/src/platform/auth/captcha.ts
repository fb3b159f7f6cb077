import { Cookies, Paths } from '@igs/contract';
import type { FastifyRequest } from 'fastify';
import svgCaptcha from 'svg-captcha';
import type { AppContext } from '../app-context.ts';
import type { ActionContext } from '../http/action.ts';
import { invalidField } from '../http/errors.ts';
import { newToken, tokenId } from '../lib/tokens.ts';
import { loginRules } from '../settings/login-rules.ts';

const LIFETIME_MS = 5 * 60_000;

/**
 * Issues a new captcha image, tied to this browser by an HttpOnly cookie. Only a hash of the
 * code is stored; a new image replaces the browser's previous one.
 */
export async function issueCaptcha(ctx: ActionContext): Promise<void> {
  const { app, req, reply } = ctx;
  const previous = req.cookies[Cookies.captcha];
  if (previous) await app.db.kysely.deleteFrom('captchas').where('id', '=', tokenId(previous)).execute();
  // Housekeeping: expired captchas are worthless.
  await app.db.kysely.deleteFrom('captchas').where('expires_at', '<', app.now()).execute();
  const captcha = app.makeCaptcha();
  const token = newToken();
  await app.db.kysely
    .insertInto('captchas')
    .values({
      id: tokenId(token),
      code_hash: tokenId(captcha.text.toLowerCase()),
      expires_at: app.now() + LIFETIME_MS,
    })
    .execute();
  reply
    .setCookie(Cookies.captcha, token, {
      httpOnly: true,
      sameSite: 'strict',
      path: Paths.captcha.replace(/\/captcha$/, ''),
      maxAge: LIFETIME_MS / 1000,
    })
    .header('cache-control', 'no-store')
    .type('image/svg+xml')
    .send(captcha.data);
}

/**
 * Checks and consumes the browser's captcha (single use: a wrong guess burns it too).
 * Missing code: 'Verification code is required'. Wrong, expired or unknown: 'Verification code is wrong'.
 * `forced`: the account is slowed after many failures (auth/lockout.ts), so the captcha is asked
 * even if the web settings turned it off; GW_CAPTCHA=off (tests, kiosks without one) still wins.
 */
export async function verifyCaptcha(
  app: AppContext,
  req: FastifyRequest,
  code: string,
  forced = false,
): Promise<void> {
  const required = (await loginRules(app)).captcha || (forced && app.config.captcha);
  if (!required) return;
  if (!code) throw invalidField('code', 'captchaRequired');
  const cookie = req.cookies[Cookies.captcha];
  if (!cookie) throw invalidField('code', 'captchaWrong');
  const row = await app.db.kysely
    .deleteFrom('captchas')
    .where('id', '=', tokenId(cookie))
    .returningAll()
    .executeTakeFirst();
  if (!row || row.expires_at < app.now() || row.code_hash !== tokenId(code.trim().toLowerCase())) {
    throw invalidField('code', 'captchaWrong');
  }
}

/**
 * Coordinates rounded to whole pixels: on a 150 x 50 image the hundredths are invisible, and the
 * image is a third of the size on the wire (about 1.6 KB instead of 4 KB compressed), which counts
 * on the sign-in page's budget (docs/performance.md).
 */
export function roundSvgNumbers(svg: string): string {
  return svg.replace(/\d+\.\d+/g, (n) => String(Math.round(Number(n))));
}

/** Four characters, confusable ones left out, drawn as glyph outlines with noise lines. */
export function drawCaptcha(): { text: string; data: string } {
  const captcha = svgCaptcha.create({
    size: 4,
    noise: 3,
    ignoreChars: '0oO1iIlL',
    color: true,
    background: '#f2f6fc',
  });
  return { text: captcha.text, data: roundSvgNumbers(captcha.data) };
}
