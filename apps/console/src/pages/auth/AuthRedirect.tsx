import { Result } from 'antd';
import { useEffect } from 'react';
import { useT } from '../../i18n/index.ts';

/** localStorage key the opener reads the third-party authorisation result from. */
export const OAUTH_CODE_KEY = 'x-admin-oauth-code';

/**
 * /auth-redirect: the landing page of a third-party sign-in popup. It hands the query to the
 * opening window through localStorage and closes itself.
 */
export default function AuthRedirect() {
  const t = useT();
  useEffect(() => {
    localStorage.setItem(OAUTH_CODE_KEY, window.location.search.slice(1));
    window.close();
  }, []);
  return <Result status="success" title={t('auth.redirectDone')} />;
}
