// @vitest-environment happy-dom
import type { Server } from 'node:http';
import type { StartupConfig } from '@parley/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../locales/i18n.ts';
import { serveStartupConfig, testStartupConfig } from '../access/test-startup-config.ts';
import { useAuthStore } from '../../state/auth-store.ts';
import { AccountsGate, GuestOnly, RegistrationGate } from './guards.tsx';

let config: StartupConfig = testStartupConfig();
let server: Server;

beforeAll(async () => {
  localStorage.setItem('lang', 'en-US');
  await initI18n();
  server = await serveStartupConfig(() => config, '/');
  useAuthStore.setState({ status: 'anonymous' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(cleanup);

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <AccountsGate><GuestOnly><p data-testid="login-form" /></GuestOnly></AccountsGate> },
      { path: '/register', element: <RegistrationGate><p data-testid="register-form" /></RegistrationGate> },
      { path: '/forgot-password', element: <AccountsGate><p data-testid="forgot-form" /></AccountsGate> },
      { path: '/chat/new', element: <p data-testid="chat" /> },
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

describe('account screens by access mode', () => {
  it.each(['/login', '/register', '/forgot-password'])('in keys mode %s never shows its form and goes to the chat', async (path) => {
    config = testStartupConfig({ accessMode: 'keys', loginEnabled: false, registrationEnabled: false });
    const router = renderAt(path);
    await screen.findByTestId('chat');
    expect(router.state.location.pathname).toBe('/chat/new');
    expect(screen.queryByTestId(/-form$/)).toBeNull();
  });

  it('with accounts, shows sign-in and registration; registration switched off goes to sign-in', async () => {
    config = testStartupConfig({ accessMode: 'both', loginEnabled: true, registrationEnabled: true });
    renderAt('/login');
    await screen.findByTestId('login-form');
    cleanup();
    renderAt('/register');
    await screen.findByTestId('register-form');
    cleanup();

    config = testStartupConfig({ accessMode: 'accounts', loginEnabled: true, registrationEnabled: false });
    const router = renderAt('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await screen.findByTestId('login-form');
  });
});
