import {
  createBrowserRouter,
  type DataRouter,
  type LoaderFunctionArgs,
  Navigate,
  type RouteObject,
  redirect,
} from 'react-router';
import { toast } from '../app/feedback.ts';
import { queryClient } from '../app/query-client.ts';
import { t } from '../i18n/index.ts';
import Login from '../pages/login/Login.tsx';
import { errorMessage, isRequestError } from '../request/index.ts';
import { useUserStore } from '../stores/user.ts';
import { decideGuard, guardNeedsRun, legacyPath, loginRedirect } from './guard.ts';
import { pageRouteProps } from './menu-routes.tsx';
import { bindNavigate } from './navigate.ts';
import { leavingPage } from './page-leave.ts';
import { prefetchPageAt } from './page-prefetch.ts';
import { bindProgress } from './progress.ts';
import { RootErrorBoundary, RootFallback, RootRoute } from './root.tsx';
import { loadSession } from './session.ts';
import { shellRoute } from './shell.tsx';

/** Id of the shell route; the routes built from the menu tree are patched in under it. */
export const SHELL_ROUTE_ID = 'shell';

/**
 * A page routed outside the shell: loaded lazily, inside the providers the shell would give it
 * (antd's and the query cache), which load with it rather than with the sign-in page.
 */
function page(path: string, component: string, title?: string): RouteObject {
  const { lazy } = pageRouteProps(component);
  return {
    path,
    handle: { name: component, fullPath: path, meta: title ? { title } : undefined },
    lazy: async () => {
      const [route, { withQueryProvider }, { withAntdProvider }] = await Promise.all([
        lazy(),
        import('../app/query-provider.tsx'),
        import('../app/antd-provider.tsx'),
      ]);
      return route.Component
        ? { ...route, Component: withAntdProvider(withQueryProvider(route.Component)) }
        : route;
    },
  };
}

export async function guardLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // A bookmark of the earlier, hash-routed console opens the page it meant. A loader's Request
  // carries no fragment: the hash is read from the page's own address (it is there on a first load).
  const hash = window.location.pathname === url.pathname ? window.location.hash : '';
  const legacy = legacyPath(url.pathname, hash);
  if (legacy) throw redirect(legacy);
  const user = useUserStore.getState();
  const decision = decideGuard({
    path: url.pathname,
    search: url.search,
    hasToken: Boolean(user.token),
    hasUserInfo: Boolean(user.name),
  });
  if (decision.type === 'allow') return null;
  if (decision.type === 'redirect') throw redirect(decision.to);
  try {
    // Await first: on the initial load this runs inside createBrowserRouter, before `router` exists.
    const sessionRoutes = await loadSession();
    appRouter().patchRoutes(SHELL_ROUTE_ID, sessionRoutes);
    // The page's first data call goes out now, beside the layout's first render, not after it.
    void prefetchPageAt(sessionRoutes, url, {
      client: queryClient,
      isOperations: useUserStore.getState().isOperations,
    });
  } catch (error) {
    // Left while the session loaded (a reload at once, say): the calls were cut short, the
    // session was not refused. Signing out here would sign the next page out too.
    if (leavingPage()) return null;
    useUserStore.getState().resetToken();
    // The request layer has already shown server and network errors; do not show them twice.
    if (!(isRequestError(error) && error.notified)) toast.error(errorMessage(error, t('msg.hasError')));
    throw redirect(loginRedirect(url.pathname, url.search));
  }
  // Navigate again so the new routes are matched.
  throw redirect(`${url.pathname}${url.search}${url.hash}`);
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootRoute,
    HydrateFallback: RootFallback,
    ErrorBoundary: RootErrorBoundary,
    loader: guardLoader,
    // The guard runs on every navigation that it could change (not only when params change).
    shouldRevalidate: ({ nextUrl }) => {
      const user = useUserStore.getState();
      return guardNeedsRun({
        path: nextUrl.pathname,
        hasToken: Boolean(user.token),
        hasUserInfo: Boolean(user.name),
      });
    },
    children: [
      // Not lazy: the sign-in page is the first screen of most visits, so it ships in the start
      // chunk instead of waiting for a second round trip (docs/performance.md).
      {
        path: '/login',
        handle: { name: 'login/Login', fullPath: '/login', meta: { title: 'route.login' } },
        Component: Login,
      },
      page('/register', 'login/Register', 'route.register'),
      page('/auth-redirect', 'auth/AuthRedirect'),
      page('/authh5', 'auth/AuthH5'),
      page('/setlogindata', 'auth/SetLoginData'),
      page('/401', 'error/Page401', 'route.401'),
      page('/404', 'error/Page404', 'route.404'),
      page('/406', 'error/Page406', 'route.406'),
      page('/nicset', 'system/NicSetup', 'route.nicset'),
      page('/redirect/*', 'redirect/Redirect'),
      { ...shellRoute(), id: SHELL_ROUTE_ID },
      // Rendered only once the guard let the navigation through: unknown paths go to /404.
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

let router: DataRouter | undefined;

/**
 * The console's router, made on first use: at the address the page shows then. Not when this
 * module is evaluated: the sign-in page (start/main.tsx) loads this module with the signed-in
 * shell's chunk while the visitor types, and the router must start at the address signing in
 * leads to, and only then take over navigation.
 */
export function appRouter(): DataRouter {
  if (router) return router;
  const made = createBrowserRouter(routes);
  router = made;
  bindNavigate((to, replace) => void made.navigate(to, { replace }));
  bindProgress(made);
  return made;
}
