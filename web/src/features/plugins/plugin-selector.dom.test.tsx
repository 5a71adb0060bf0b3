// @vitest-environment happy-dom
import { createServer, type ServerResponse } from 'node:http';
import type { Plugin, User } from '@parley/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listenAsPage } from '../../api/listen-as-page.ts';
import { initI18n } from '../../locales/i18n.ts';
import { useAuthStore } from '../../state/auth-store.ts';
import { chat } from '../../state/chat-store.ts';
import { PluginSelector } from './plugin-selector.tsx';

const calculator: Plugin = { name: 'Calculator', pluginKey: 'calculator', description: 'Sums.', authConfig: [], authenticated: true };
const user = (plugins: string[]): User => ({
  id: 'u1', name: 'Ann', username: null, email: 'ann@example.com', avatar: null, provider: 'local', role: 'user', emailVerified: true, plugins, createdAt: new Date(0).toISOString(),
});

/** `/api/user` is held until the test answers it, so the selector is seen while the installed list loads. */
let answerUser: ((plugins: string[]) => void) | undefined;
const server = createServer((req, res: ServerResponse) => {
  const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (req.url === '/api/plugins') return json([calculator]);
  if (req.url === '/api/user') answerUser = (plugins) => json(user(plugins));
  else res.writeHead(404).end();
});

beforeAll(async () => {
  await initI18n();
  await listenAsPage(server);
  useAuthStore.setState({ status: 'anonymous' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  answerUser?.([]);
  answerUser = undefined;
  cleanup();
});

function renderSelector() {
  act(() => chat.setSetup({ endpoint: 'gptPlugins', model: 'gpt-4o', options: { tools: [{ pluginKey: 'calculator' }] } }));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PluginSelector disabled={false} />
    </QueryClientProvider>,
  );
  return screen.getByTestId('plugin-selector');
}

describe('plugin selector', () => {
  it('shows the chosen tool while the installed list loads, never "No plugin" for a moment', async () => {
    const selector = renderSelector();
    await waitFor(() => expect(answerUser).toBeDefined());
    await waitFor(() => expect(selector.textContent).toContain('Calculator'));
    expect(selector.textContent).not.toContain('No plugin');
    act(() => answerUser!(['calculator']));
    answerUser = undefined;
    await waitFor(() => expect(selector.getAttribute('data-tools')).toBe('calculator'));
    expect(selector.textContent).toContain('Calculator');
  });

  it('drops a stored tool once the installed list says it is gone', async () => {
    const selector = renderSelector();
    await waitFor(() => expect(answerUser).toBeDefined());
    act(() => answerUser!([]));
    answerUser = undefined;
    await waitFor(() => expect(selector.textContent).toContain('No plugin'));
    expect(selector.getAttribute('data-tools')).toBe('');
  });
});
