import { create } from 'zustand';

interface SearchState {
  /** What the sidebar search box holds; kept here so it survives the mobile drawer closing. */
  text: string;
  setText(text: string): void;
}

export const useSearchStore = create<SearchState>()((set) => ({
  text: '',
  setText: (text) => set({ text }),
}));

/** The search view's path for a query. */
export function searchPath(query: string): string {
  return `/search/${encodeURIComponent(query)}`;
}
