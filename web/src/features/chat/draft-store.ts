import { create } from 'zustand';

interface DraftState {
  text: string;
  /** Bumped when something outside the input fills it, so the input takes focus. */
  filled: number;
  setText(text: string): void;
  fill(text: string): void;
}

/** The input's text, shared so the landing's example prompts can fill it. */
export const useDraftStore = create<DraftState>()((set) => ({
  text: '',
  filled: 0,
  setText: (text) => set({ text }),
  fill: (text) => set((s) => ({ text, filled: s.filled + 1 })),
}));
