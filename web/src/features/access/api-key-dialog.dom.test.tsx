// @vitest-environment happy-dom
import type { Server } from 'node:http';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storedApiKey } from '../../api/session.ts';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { initI18n } from '../../locales/i18n.ts';
import { useAuthStore } from '../../state/auth-store.ts';
import { useAccessDialogs } from './access-dialogs-store.ts';
import { ApiKeyDialog } from './api-key-dialog.tsx';
import { serveStartupConfig, testStartupConfig } from './test-startup-config.ts';

const oldKey = `sk-${'Ab12'.repeat(12)}`;
const newKey = `sk-${'Zy98'.repeat(12)}`;
let server: Server;

beforeAll(async () => {
  localStorage.setItem('lang', 'en-US');
  await initI18n();
  server = await serveStartupConfig(() => testStartupConfig());
  useAuthStore.setState({ status: 'anonymous' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => localStorage.removeItem('apiKey'));
afterEach(() => {
  cleanup();
  act(() => useAccessDialogs.getState().close());
});

function ConfigLoaded() {
  return useStartupConfig().data ? <p data-testid="config-loaded" /> : null;
}

async function openDialog() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p data-testid="root-page" /> },
      { path: '/chat/:id', element: <><ConfigLoaded /><ApiKeyDialog /></> },
    ],
    { initialEntries: ['/chat/new'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByTestId('config-loaded');
  act(() => useAccessDialogs.getState().show('key'));
  await screen.findByTestId('api-key-dialog');
  return router;
}

const input = () => screen.getByTestId('access-key-input') as HTMLInputElement;
const save = () => screen.getByTestId('access-key-save') as HTMLButtonElement;

describe('API-key configuration dialog', () => {
  it('without a key says the free use is rate-limited, offers no Remove, and saves a valid key as apiKey, then goes to the root', async () => {
    const router = await openDialog();
    expect(screen.getByTestId('api-key-current').textContent).toBe('No key saved: you are on the free, rate-limited use.');
    expect(screen.queryByTestId('api-key-remove')).toBeNull();
    expect(screen.getByTestId('buy-key-link').getAttribute('href')).toBe('https://shop.example/buy');
    expect(save().disabled).toBe(true);
    fireEvent.change(input(), { target: { value: ` ${newKey.slice(0, 9)}\n${newKey.slice(9)} ` } });
    expect(input().value).toBe(newKey);
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(storedApiKey()).toBe(newKey);
    expect(useAccessDialogs.getState().open).toBeNull();
  });

  it('shows the key in use masked, never whole, and replaces it with a new one', async () => {
    localStorage.setItem('apiKey', oldKey);
    await openDialog();
    await waitFor(() => expect(screen.getByTestId('api-key-current').textContent).toBe(`In use: ${oldKey.slice(0, 7)}…${oldKey.slice(-4)}`));
    expect(screen.getByTestId('api-key-dialog').textContent).not.toContain(oldKey);
    expect(screen.getByTestId('api-key-remove')).toBeTruthy();
    fireEvent.change(input(), { target: { value: newKey } });
    fireEvent.click(save());
    await waitFor(() => expect(storedApiKey()).toBe(newKey));
  });

  it('keeps Save disabled for a key that is not sk- + 48 letters or digits, and Cancel stores nothing', async () => {
    localStorage.setItem('apiKey', oldKey);
    await openDialog();
    fireEvent.change(input(), { target: { value: `${newKey}x` } });
    expect(save().disabled).toBe(true);
    fireEvent.change(input(), { target: { value: newKey.replace('sk-', 'pk-') } });
    expect(save().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('api-key-dialog')).toBeNull());
    expect(storedApiKey()).toBe(oldKey);
  });
});
