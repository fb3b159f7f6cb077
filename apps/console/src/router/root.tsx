import { Button, Result, Spin } from 'antd';
import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router';
import { useT } from '../i18n/index.ts';

/** The root route renders the matched page; global pieces live in the App providers. */
export function RootRoute() {
  return <Outlet />;
}

/** Shown while the guard runs on the first load. */
export function RootFallback() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
      <Spin />
    </div>
  );
}

/** Last resort for a render error: say what happened and offer a reload. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Result
      status="error"
      title={t('route.error')}
      subTitle={detail}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
