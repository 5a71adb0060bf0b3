import { create } from 'zustand';

/**
 * The pictures from other hosts the reader chose to load, for this page's life: the same picture
 * shows again when its row remounts, and the PNG export draws it as the chat shows it.
 */
export const useAllowedImages = create<{ sources: ReadonlySet<string> }>()(() => ({ sources: new Set() }));

export function allowImage(source: string): void {
  useAllowedImages.setState((s) => ({ sources: new Set([...s.sources, source]) }));
}
