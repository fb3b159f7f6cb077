import { Button, Result, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { useUserStore } from '../../stores/user.ts';
import { prefillLogin } from '../../utils/cookies.ts';
import { readHandover } from './handover.ts';

/**
 * Sign-in handed over by another system: a hand-off code is exchanged for a new session and the
 * user goes on to `redirect` (the guard then loads menus); `username` plus a hashed `password`
 * pre-fill the login form of this tab.
 */
export function HandoverPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const handover = useMemo(() => readHandover(params), [params]);
  const acceptHandoff = useUserStore((s) => s.acceptHandoff);
  const [failed, setFailed] = useState(false);
  // A code works once: an effect run twice (React's strict mode) must not exchange it twice.
  const exchange = useRef<{ code: string; done: Promise<void> } | null>(null);

  useEffect(() => {
    let live = true;
    if (handover.type === 'handoff') {
      // The request layer shows the server's reason (invalid, used or expired link).
      if (exchange.current?.code !== handover.code)
        exchange.current = { code: handover.code, done: acceptHandoff(handover.code) };
      exchange.current.done.then(
        () => live && navigate(handover.next, { replace: true }),
        () => live && setFailed(true),
      );
    } else if (handover.type === 'credentials') {
      prefillLogin(handover.username, handover.password);
      navigate('/login', { replace: true });
    }
    return () => {
      live = false;
    };
  }, [handover, acceptHandoff, navigate]);

  if (handover.type !== 'none' && !failed) return <Spin fullscreen />;
  return (
    <Result
      status={failed ? 'warning' : 'info'}
      title={t(failed ? 'auth.handoffRefused' : 'auth.nothingHandedOver')}
      extra={
        <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
          {t('auth.toLogin')}
        </Button>
      }
    />
  );
}
