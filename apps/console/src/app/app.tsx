import { RouterProvider } from 'react-router';
import { LoadingOverlay } from '../request/loading-overlay.tsx';
import { router } from '../router/index.tsx';
import { useUserStore } from '../stores/user.ts';
import { useOtherInfo } from './other-info.ts';
import { AppProviders } from './providers.tsx';
import { useDebugGuard } from './use-debug-guard.ts';
import { useDocumentBranding } from './use-document-branding.ts';

/** Applies the footer's debug flag once signed in (the footer info needs a session). */
function DebugGuard() {
  const { data } = useOtherInfo();
  useDebugGuard(data?.debug);
  return null;
}

function Shell() {
  useDocumentBranding();
  const signedIn = useUserStore((s) => Boolean(s.token && s.name));
  return (
    <>
      <RouterProvider router={router} />
      <LoadingOverlay />
      {signedIn && <DebugGuard />}
    </>
  );
}

export function App() {
  return (
    <AppProviders>
      <Shell />
    </AppProviders>
  );
}
