import { QueryClient } from '@tanstack/react-query';

// The request layer already toasts every failure, so a retry would only repeat the toast.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
