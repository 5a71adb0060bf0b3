import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from '../auth/auth-store.ts';
import { searchApi, searchEnabledKey } from './search-api.ts';

/**
 * Whether the server offers search (`GET /api/search/enable`), asked once per session and only
 * when signed in. A failed load hides the box (SPEC point 8: logged only).
 */
export function useSearchEnabled(): boolean {
  const authenticated = useAuthStore((s) => s.status === 'authenticated');
  const query = useQuery({
    queryKey: searchEnabledKey,
    queryFn: ({ signal }) => searchApi.enabled(signal),
    enabled: authenticated,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data === true;
}
