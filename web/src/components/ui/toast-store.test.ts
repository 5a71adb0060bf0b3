import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, useToasts } from './toast-store.ts';

const texts = () => useToasts.getState().toasts.map((toast) => toast.text);

beforeEach(() => {
  vi.useFakeTimers();
  useToasts.setState({ toasts: [] });
});
afterEach(() => vi.useRealTimers());

describe('toasts (SPEC point 9: they close after 3 s, at most three at once)', () => {
  it('of four different toasts the newest three show, and each closes 3 s after it opened', () => {
    for (const text of ['one', 'two', 'three', 'four']) showToast(text, 'success');
    expect(texts()).toEqual(['two', 'three', 'four']);
    vi.advanceTimersByTime(2999);
    expect(texts()).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it('does not stack a message that is already showing; once it closed, it shows again', () => {
    for (let i = 0; i < 4; i++) showToast('Settings saved', 'success');
    showToast('Settings saved', 'error');
    expect(useToasts.getState().toasts.map(({ text, tone }) => [text, tone])).toEqual([
      ['Settings saved', 'success'],
      ['Settings saved', 'error'],
    ]);
    vi.advanceTimersByTime(3000);
    showToast('Settings saved', 'success');
    expect(texts()).toEqual(['Settings saved']);
  });
});
