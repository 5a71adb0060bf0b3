// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { showToast, useToasts } from './toast-store.ts';
import { Toaster } from './toaster.tsx';

afterEach(() => {
  cleanup();
  useToasts.setState({ toasts: [] });
});

describe('the toaster', () => {
  it('shows each toast as a button named by its text inside one status region, and a click closes it', () => {
    render(<Toaster />);
    act(() => showToast('Archived.', 'success'));
    const toast = within(screen.getByRole('status')).getByRole('button', { name: 'Archived.' });
    act(() => toast.click());
    expect(screen.queryByRole('button', { name: 'Archived.' })).toBeNull();
  });
});
