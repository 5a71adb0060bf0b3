import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

/** A newest-first list read a page at a time by cursor (`nextBefore`), the next page on "load more". */
export function useCursorPages<Page extends { nextBefore: string | null }, Item>(
  queryKey: readonly string[],
  fetchPage: (before: string | undefined, signal: AbortSignal) => Promise<Page>,
  itemsOf: (page: Page) => Item[],
) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    refetchOnMount: 'always',
    retry: 1,
  });
  const pages = query.data?.pages;
  const items = useMemo(() => (pages ?? []).flatMap(itemsOf), [pages, itemsOf]);
  return { query, items };
}
