import { useQuery } from '@tanstack/react-query';
import { useHasOwner } from '../../state/use-has-owner.ts';
import { searchApi, searchEnabledKey } from './search-api.ts';

/**
 * Whether the server offers search (`GET /api/search/enable`), asked once per session and only
 * when the visitor has an owner (account or access key). A failed load hides the box (SPEC point 8: logged only).
 */
export function useSearchEnabled(): boolean {
  const hasOwner = useHasOwner();
  const query = useQuery({
    queryKey: searchEnabledKey,
    queryFn: ({ signal }) => searchApi.enabled(signal),
    enabled: hasOwner,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data === true;
}
