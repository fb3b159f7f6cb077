import { Button, Result, Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { useUserStore } from '../../stores/user.ts';
import { saveLogin } from '../../utils/cookies.ts';
import { readHandover } from './handover.ts';

/**
 * Sign-in handed over by another system: a `token` is adopted and the user goes on to `redirect`
 * (the guard then loads menus); `username` plus a hashed `password` pre-fill the login form.
 */
export function HandoverPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const handover = useMemo(() => readHandover(params), [params]);
  const acceptToken = useUserStore((s) => s.acceptToken);

  useEffect(() => {
    if (handover.type === 'token') {
      acceptToken(handover.token);
      navigate(handover.next, { replace: true });
    } else if (handover.type === 'credentials') {
      saveLogin(handover.username, handover.password);
      navigate('/login', { replace: true });
    }
  }, [handover, acceptToken, navigate]);

  if (handover.type !== 'none') return <Spin fullscreen />;
  return (
    <Result
      status="info"
      title={t('auth.nothingHandedOver')}
      extra={
        <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
          {t('auth.toLogin')}
        </Button>
      }
    />
  );
}
