import { searchEnabledSchema, searchResultSchema, type SearchResult } from '@parley/core';
import { apiJson } from '../../api/client.ts';

/** Calls of the search view (SPEC point 7: search). */
export const searchApi = {
  enabled: (signal?: AbortSignal): Promise<boolean> => apiJson('/api/search/enable', { schema: searchEnabledSchema, signal }),
  page: (q: string, pageNumber: number, signal?: AbortSignal): Promise<SearchResult> =>
    apiJson(`/api/search?${new URLSearchParams({ q, pageNumber: String(pageNumber) })}`, { schema: searchResultSchema, signal }),
};

export const searchEnabledKey = ['search-enabled'] as const;
/** Prefix of every cached result page: `[...searchResultsKey, query, pageNumber]`. */
export const searchResultsKey = ['search'] as const;
