import { QueryClient } from '@tanstack/react-query';
import { retryTransient } from '../lib/api/retryPolicy';

/** The app's one TanStack Query client, shared by the provider and the route loaders that prefetch. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: retryTransient } },
});
