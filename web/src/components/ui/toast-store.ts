import { timings } from '@parley/core';
import { create } from 'zustand';

export interface Toast {
  id: number;
  text: string;
  tone: 'error' | 'success';
}

/** Toasts close after 3 s and at most three show at once (SPEC point 9); the oldest gives way. */
interface ToastState {
  toasts: Toast[];
  show(text: string, tone?: Toast['tone']): void;
  dismiss(id: number): void;
}

let nextId = 1;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  show(text, tone = 'error') {
    // One toast per event: the same message already showing is not stacked again.
    if (get().toasts.some((toast) => toast.text === text && toast.tone === tone)) return;
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts, { id, text, tone }].slice(-timings.toastLimit) }));
    setTimeout(() => get().dismiss(id), timings.toastDuration);
  },
  dismiss(id) {
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
}));

export const showToast = (text: string, tone?: Toast['tone']) => useToasts.getState().show(text, tone);
