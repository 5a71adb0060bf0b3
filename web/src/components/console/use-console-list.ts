import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminPage } from '@parley/core';
import type { ConsoleParams } from './console-api.ts';

const PAGE_SIZE = 25;
const SEARCH_PAUSE_MS = 300;

/**
 * The state of a console list: the search text (sent once typing pauses), the filters, the page,
 * and the page's rows fetched with them. Changing the search or a filter goes back to page one.
 */
export function useConsoleList<T>(key: string, fetchPage: (params: ConsoleParams) => Promise<AdminPage<T>>, initialFilters: Record<string, string> = {}) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [filters, setFilters] = useState(initialFilters);
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQ(search.trim());
      setOffset(0);
    }, SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const params: ConsoleParams = { ...filters, q, limit: PAGE_SIZE, offset };
  const query = useQuery({ queryKey: ['admin', key, params], queryFn: () => fetchPage(params), placeholderData: keepPreviousData });

  return {
    query,
    rows: query.data?.items,
    total: query.data?.total ?? 0,
    filters,
    setFilter(name: string, value: string) {
      setFilters((current) => ({ ...current, [name]: value }));
      setOffset(0);
    },
    search: { value: search, onChange: setSearch },
    paging: { offset, limit: PAGE_SIZE, onOffset: setOffset },
  };
}
