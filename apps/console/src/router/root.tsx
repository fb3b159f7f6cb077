import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router';
import { useT } from '../i18n/index.ts';
import './root.css';

/** The root route renders the matched page; global pieces live in the App providers. */
export function RootRoute() {
  return <Outlet />;
}

/**
 * Shown while the guard runs on the first load. A CSS ring, not antd's Spin: this is on the
 * sign-in page's critical path, where every kilobyte counts (docs/performance.md).
 */
export function RootFallback() {
  return (
    <div className="root-fallback" role="status" aria-busy="true">
      <span className="root-fallback__ring" />
    </div>
  );
}

/**
 * Last resort for a render error: say what happened and offer a reload. A plain button styled as
 * antd's primary one: this route wraps the sign-in page, which loads no antd.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div className="root-error" role="alert">
      <h1 className="root-error__title">{t('route.error')}</h1>
      <p className="root-error__detail">{detail}</p>
      <button type="button" className="root-error__reload" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </div>
  );
}
