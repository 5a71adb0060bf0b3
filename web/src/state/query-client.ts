import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error.ts';
import { useAuthStore } from './auth-store.ts';

/**
 * One client for the app. Client errors (4xx) are answers, so they are not retried; a 401 that
 * survived the client's refresh means the session is gone (SPEC point 4: auth error handler).
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      if (isApiError(error) && error.status === 401 && useAuthStore.getState().status === 'authenticated') {
        useAuthStore.getState().setAnonymous();
      }
    },
  }),
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 1,
    },
  },
});
