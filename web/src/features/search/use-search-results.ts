import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHasOwner } from '../../state/use-has-owner.ts';
import { searchApi, searchResultsKey } from './search-api.ts';

/**
 * One page of `GET /api/search` for the query. The page goes back to 1 when the query
 * changes; the previous answer stays on screen while the next one loads.
 */
export function useSearchResults(query: string) {
  const hasOwner = useHasOwner();
  const [paging, setPaging] = useState({ query, page: 1 });
  const page = paging.query === query ? paging.page : 1;
  const result = useQuery({
    queryKey: [...searchResultsKey, query, page],
    queryFn: ({ signal }) => searchApi.page(query, page, signal),
    enabled: hasOwner && query !== '',
    placeholderData: keepPreviousData,
  });
  return { ...result, page, setPage: (next: number) => setPaging({ query, page: next }) };
}
