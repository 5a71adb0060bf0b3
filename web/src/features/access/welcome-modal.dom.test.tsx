// @vitest-environment happy-dom
import type { Server } from 'node:http';
import type { StartupConfig } from '@parley/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storedApiKey } from '../../api/session.ts';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { initI18n } from '../../locales/i18n.ts';
import { useAuthStore } from '../../state/auth-store.ts';
import { useToasts } from '../../components/ui/toast-store.ts';
import { useAccessDialogs } from './access-dialogs-store.ts';
import { serveStartupConfig, testStartupConfig, type KeyCheck } from './test-startup-config.ts';
import { WelcomeModal } from './welcome-modal.tsx';

const key = `sk-${'Zy98'.repeat(12)}`;
let accessMode: StartupConfig['accessMode'] = 'keys';
let checkKey: KeyCheck = () => ({ state: 'active', carried: 0, expiresAt: null });
let server: Server;

beforeAll(async () => {
  localStorage.setItem('lang', 'en-US');
  await initI18n();
  server = await serveStartupConfig(() => testStartupConfig({ accessMode }), '/chat/new', () => checkKey);
  useAuthStore.setState({ status: 'anonymous' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  localStorage.removeItem('apiKey');
  localStorage.removeItem('welcomeSeen');
  accessMode = 'keys';
  checkKey = () => ({ state: 'active', carried: 0, expiresAt: null });
});
afterEach(cleanup);

/** Marks the moment the startup config arrived, after which an absent modal is a decision, not a delay. */
function ConfigLoaded() {
  return useStartupConfig().data ? <p data-testid="config-loaded" /> : null;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p data-testid="root-page" /> },
      {
        path: '/chat/:id',
        element: (
          <>
            <ConfigLoaded />
            <WelcomeModal />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const input = () => screen.getByTestId('access-key-input') as HTMLInputElement;
const save = () => screen.getByTestId('access-key-save') as HTMLButtonElement;
const type = (value: string) => fireEvent.change(input(), { target: { value } });

describe('first-visit welcome modal', () => {
  it('says the service is free but rate-limited and offers the buy and look-up links', async () => {
    renderAt('/chat/new');
    await waitFor(() => expect(screen.getByTestId('welcome-modal')).toBeTruthy());
    expect(screen.getByTestId('welcome-free-note').textContent).toMatch(/free.*rate-limited: up to 10 messages a day/);
    expect(screen.getByTestId('buy-key-link').getAttribute('href')).toBe('https://shop.example/buy');
    expect(screen.getByTestId('lookup-key-link').getAttribute('href')).toBe('https://shop.example/lookup');
    expect(screen.queryByTestId('welcome-sign-in')).toBeNull();
  });

  it('keeps Save disabled until the key is sk- + 48 letters or digits, and flags a wrong one only once it cannot become right', async () => {
    renderAt('/chat/new');
    await waitFor(() => expect(save().disabled).toBe(true));
    type(key.slice(0, 30));
    expect(save().disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    type(`${key}x`);
    expect(save().disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain('exactly 48');
    type(key.replace('sk-', 'pk-'));
    expect(save().disabled).toBe(true);
    type(`${key.slice(0, -1)}!`);
    expect(save().disabled).toBe(true);
    type(` ${key.slice(0, 25)}\n${key.slice(25)} `);
    expect(input().value).toBe(key);
    expect(save().disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stores a saved key as apiKey and goes to the root', async () => {
    const router = renderAt('/chat/new');
    await waitFor(() => expect(save().disabled).toBe(true));
    type(key);
    fireEvent.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(storedApiKey()).toBe(key);
    expect(localStorage.getItem('apiKey')).toBe(key);
  });

  it('refuses a key the server does not know at entry, saving nothing', async () => {
    checkKey = () => ({ state: 'unknown', carried: 0, expiresAt: null });
    const router = renderAt('/chat/new');
    await waitFor(() => expect(save().disabled).toBe(true));
    type(key);
    fireEvent.click(save());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This key is not recognised. Check it and try again.'));
    expect(storedApiKey()).toBeNull();
    expect(router.state.location.pathname).toBe('/chat/new');
    // Typing again clears the refusal.
    type(`${key.slice(0, -1)}Q`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names an expired key with its date and offers to renew it, without saving it', async () => {
    checkKey = () => ({ state: 'expired', carried: 0, expiresAt: '2026-01-02T03:04:00.000Z' });
    renderAt('/chat/new');
    await waitFor(() => expect(save().disabled).toBe(true));
    type(key);
    fireEvent.click(save());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^This key expired on .*2026.*\. Renew it to use it again\.$/));
    expect(storedApiKey()).toBeNull();
    fireEvent.click(screen.getByTestId('access-key-renew'));
    expect(useAccessDialogs.getState()).toMatchObject({ open: 'buy', renewKey: key });
    useAccessDialogs.getState().close();
  });

  it('says in one line that the free conversations moved to the key', async () => {
    checkKey = () => ({ state: 'active', carried: 2, expiresAt: null });
    const router = renderAt('/chat/new');
    await waitFor(() => expect(save().disabled).toBe(true));
    type(key);
    fireEvent.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useToasts.getState().toasts.map((toast) => toast.text)).toContain('Your free conversations moved to this key (2).');
  });

  it('sells a key when the server takes payments', async () => {
    renderAt('/chat/new');
    fireEvent.click(await screen.findByTestId('welcome-buy-key'));
    expect(useAccessDialogs.getState().open).toBe('buy');
    useAccessDialogs.getState().close();
  });

  it('greets once: after Continue for free it stays away on the next visit', async () => {
    renderAt('/chat/new');
    await waitFor(() => expect(screen.getByTestId('welcome-modal')).toBeTruthy());
    fireEvent.click(screen.getByTestId('welcome-continue-free'));
    await waitFor(() => expect(screen.queryByTestId('welcome-modal')).toBeNull());
    cleanup();
    renderAt('/chat/new');
    await screen.findByTestId('config-loaded');
    expect(screen.queryByTestId('welcome-modal')).toBeNull();
  });

  it('does not show with a stored key, nor in accounts mode; offers sign-in in both mode', async () => {
    localStorage.setItem('apiKey', key);
    renderAt('/chat/new');
    await screen.findByTestId('config-loaded');
    expect(screen.queryByTestId('welcome-modal')).toBeNull();
    cleanup();

    localStorage.removeItem('apiKey');
    accessMode = 'accounts';
    renderAt('/chat/new');
    await screen.findByTestId('config-loaded');
    expect(screen.queryByTestId('welcome-modal')).toBeNull();
    cleanup();

    accessMode = 'both';
    renderAt('/chat/new');
    await waitFor(() => expect(screen.getByTestId('welcome-sign-in').getAttribute('href')).toBe('/login'));
  });
});
