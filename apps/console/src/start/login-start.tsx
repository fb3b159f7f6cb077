import { StrictMode } from 'react';
import { AppProviders } from '../app/providers.tsx';
import { useDocumentBranding } from '../app/use-document-branding.ts';
import Login from '../pages/login/Login.tsx';
import { LoadingOverlay } from '../request/loading-overlay.tsx';

function SignIn() {
  useDocumentBranding();
  return (
    <>
      <Login />
      <LoadingOverlay />
    </>
  );
}

/**
 * The first screen of a visitor without a session: the sign-in page without the router (which loads
 * with the signed-in shell). The build renders this very element into the served page
 * (start/prerender.tsx) and start/main.tsx hydrates it, so both must stay one function.
 */
export function loginStart() {
  return (
    <StrictMode>
      <AppProviders>
        <SignIn />
      </AppProviders>
    </StrictMode>
  );
}
