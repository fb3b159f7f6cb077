import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { queryClient } from './query-client.ts';

/**
 * The query cache for signed-in screens. It wraps the shell layout and the pages outside it
 * rather than the whole app, so TanStack Query stays off the sign-in page (docs/performance.md);
 * every provider shares the one client, so cached data survives tab switches.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A page component inside the query provider (pages routed outside the shell). */
export function withQueryProvider<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function WithQueryProvider(props: P) {
    return (
      <QueryProvider>
        <Page {...props} />
      </QueryProvider>
    );
  };
}
