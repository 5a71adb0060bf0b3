// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listenAsPage } from '../../api/listen-as-page.ts';
import { initI18n } from '../../locales/i18n.ts';
import { testStartupConfig } from '../access/test-startup-config.ts';
import { ModelPicker, shutdownDayText } from './model-picker.tsx';

let server: Server;
let mode: 'keys' | 'accounts' = 'keys';

beforeAll(async () => {
  localStorage.setItem('lang', 'en-US');
  await initI18n();
  server = await listenAsPage(
    createServer((req, res) => {
      const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/api/config') return json(testStartupConfig({ accessMode: mode }));
      if (req.url === '/api/models/costs') return json({ openAI: { 'gpt-4o': 10, 'gpt-7-soon': 2 }, gptPlugins: { 'gpt-4o': 10, 'gpt-7-soon': 2 } });
      if (req.url === '/api/models/retiring') return json({ openAI: { 'gpt-7-soon': '2026-12-11' } });
      res.writeHead(404).end();
    }),
  );
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(cleanup);

describe('the model picker', () => {
  it('marks a model that shuts down within 30 days with its shutdown day, and no other', async () => {
    const info = { endpoints: ['openAI' as const], models: { openAI: ['gpt-4o', 'gpt-7-soon'] }, userProvide: {} };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ModelPicker info={info} value={{ endpoint: 'openAI', model: 'gpt-4o' }} endpoints={['openAI']} onChange={() => undefined} />
      </QueryClientProvider>,
    );
    fireEvent.pointerDown(screen.getByTestId('model-picker'), { button: 0, ctrlKey: false, pointerType: 'mouse' });
    await waitFor(() => {
      const soon = document.querySelector('[data-testid="model-option"][data-model="gpt-7-soon"]');
      expect(soon?.querySelector('[data-testid="model-retiring"]')?.textContent).toBe('retires Dec 11, 2026');
    });
    expect(document.querySelector('[data-testid="model-option"][data-model="gpt-4o"] [data-testid="model-retiring"]')).toBeNull();
  });

  const open = (endpoints: ('openAI' | 'gptPlugins')[]) => {
    const models = { openAI: ['gpt-4o', 'gpt-7-soon'], gptPlugins: ['gpt-4o', 'gpt-7-soon'] };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ModelPicker info={{ endpoints, models, userProvide: {} }} value={{ endpoint: 'openAI', model: 'gpt-4o' }} endpoints={endpoints} onChange={() => undefined} />
      </QueryClientProvider>,
    );
    fireEvent.pointerDown(screen.getByTestId('model-picker'), { button: 0, ctrlKey: false, pointerType: 'mouse' });
  };
  const costOf = (model: string) => document.querySelector(`[data-testid="model-option"][data-model="${model}"] [data-testid="model-cost"]`)?.textContent;

  it('shows every model its cost per call in keys mode, each model once (Plugins as one row)', async () => {
    mode = 'keys';
    open(['openAI', 'gptPlugins']);
    await waitFor(() => expect(costOf('gpt-7-soon')).toBe('2 quota'));
    expect(costOf('gpt-4o')).toBe('10 quota');
    expect(document.querySelectorAll('[data-testid="model-option"][data-model="gpt-4o"]')).toHaveLength(1);
    expect(document.querySelector('[data-testid="endpoint-switch"][data-endpoint="gptPlugins"]')?.textContent).toBe('The same models as OpenAI');
  });

  it('shows no cost in accounts mode', async () => {
    mode = 'accounts';
    open(['openAI']);
    await waitFor(() => expect(document.querySelector('[data-testid="model-option"][data-model="gpt-4o"]')).not.toBeNull());
    expect(document.querySelector('[data-testid="model-cost"]')).toBeNull();
    mode = 'keys';
  });

  it('holds the search box in a dialog beside a menu of only the models, and ↓ or ↑ there moves into them', async () => {
    open(['openAI']);
    const search = await screen.findByTestId('model-search');
    const dialog = screen.getByRole('dialog');
    const menu = within(dialog).getByRole('menu');
    expect(menu.contains(search)).toBe(false);
    const items = within(menu).getAllByRole('menuitem');
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items.at(-1));
  });

  it("writes the day in the reader's language", () => {
    expect(shutdownDayText('de-DE', '2026-12-11')).toBe('11. Dez. 2026');
    expect(shutdownDayText('zh-CN', '2026-12-11')).toBe('2026年12月11日');
  });
});
