import { RouterProvider } from 'react-router';
import { LoadingOverlay } from '../request/loading-overlay.tsx';
import { appRouter } from '../router/index.tsx';
import { AppProviders } from './providers.tsx';
import { useDocumentBranding } from './use-document-branding.ts';

function Shell() {
  useDocumentBranding();
  return (
    <>
      <RouterProvider router={appRouter()} />
      <LoadingOverlay />
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
