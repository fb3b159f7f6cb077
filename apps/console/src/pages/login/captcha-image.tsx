import { Paths } from '@igs/contract';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';

/** The captcha image; a new `nonce` fetches a new one (the server binds it to a cookie). */
export function CaptchaImage({ nonce, onRefresh }: { nonce: number; onRefresh: () => void }) {
  const t = useT();
  // Which nonce failed to load: a broken image shows a readable "click for a new code" instead.
  const [failed, setFailed] = useState<number | null>(null);
  return (
    // Named for what a press does; the image inside keeps its own text for what it shows.
    <button
      type="button"
      className="login-captcha"
      onClick={onRefresh}
      title={t('login.captchaRefresh')}
      aria-label={t('login.captchaRefresh')}
    >
      {failed === nonce ? (
        <span className="login-captcha-failed">{t('login.captchaRefresh')}</span>
      ) : (
        <img
          src={`${Paths.captcha}?t=${nonce}`}
          alt={t('login.captchaAlt')}
          width={110}
          height={38}
          onError={() => setFailed(nonce)}
        />
      )}
    </button>
  );
}
