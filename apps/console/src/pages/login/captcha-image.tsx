import { useState } from 'react';
import { useT } from '../../i18n/index.ts';

/**
 * The captcha image; a new `imageKey` is a new image (the server binds its code to a cookie). No
 * `src` yet: the image the served page is fetching (start/early-script.ts) is still on its way.
 */
export function CaptchaImage({
  imageKey,
  src,
  onRefresh,
}: {
  imageKey: number;
  src: string | undefined;
  onRefresh: () => void;
}) {
  const t = useT();
  // Which image failed to load: a broken image shows a readable "click for a new code" instead.
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
      {failed === imageKey ? (
        <span className="login-captcha-failed">{t('login.captchaRefresh')}</span>
      ) : src ? (
        <img
          src={src}
          alt={t('login.captchaAlt')}
          width={110}
          height={38}
          onError={() => setFailed(imageKey)}
        />
      ) : null}
    </button>
  );
}
