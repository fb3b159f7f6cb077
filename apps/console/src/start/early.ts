import type { TransportReply } from '../request/client.ts';

/** A captcha image the served page fetched already: its nonce and an object URL of the image. */
export interface EarlyCaptcha {
  nonce: number;
  url: string;
}

interface Early {
  copyright?: Promise<TransportReply>;
  captcha?: Promise<EarlyCaptcha | null>;
}

function early(): Early | undefined {
  return typeof window === 'undefined' ? undefined : (window as { __igsEarly?: Early }).__igsEarly;
}

/**
 * The copyright call's answer the served page asked for (start/early-script.ts), once: a later
 * load of the branding (another page load's store) asks the server itself.
 */
export function takeEarlyCopyright(): Promise<TransportReply> | undefined {
  const e = early();
  const reply = e?.copyright;
  if (e) e.copyright = undefined;
  return reply;
}

/**
 * The captcha image the served page is fetching (resolves to null when none was asked for or it
 * failed); `consume` hands it over once, so a later sign-in page shows a new image of its own.
 */
export function takeEarlyCaptcha(consume: boolean): Promise<EarlyCaptcha | null> | undefined {
  const e = early();
  const captcha = e?.captcha;
  if (e && consume) e.captcha = undefined;
  return captcha;
}
