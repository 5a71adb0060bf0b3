import { create } from 'zustand';

interface SearchState {
  /** What the sidebar search box holds; kept here so it survives the mobile drawer closing. */
  text: string;
  setText(text: string): void;
  /** The query the box itself last opened: the view does not write it back over what was typed since. */
  opened: string | null;
  setOpened(query: string | null): void;
}

export const useSearchStore = create<SearchState>()((set) => ({
  text: '',
  setText: (text) => set({ text }),
  opened: null,
  setOpened: (opened) => set({ opened }),
}));

/** The search view's path for a query. */
export function searchPath(query: string): string {
  return `/search/${encodeURIComponent(query)}`;
}
