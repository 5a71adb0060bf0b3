import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initialSetup, pickerModels, rememberSetup } from './chat-setup.ts';
import type { EndpointsInfo } from './use-endpoints-info.ts';

/** Node has no Web Storage; the browser's is replaced by a Map-backed one for these tests. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}

const info: EndpointsInfo = {
  endpoints: ['azureOpenAI', 'openAI', 'google', 'anthropic', 'grok'],
  models: {
    azureOpenAI: ['gpt-4o'],
    openAI: ['gpt-3.5-turbo', 'gpt-4o', 'gpt-4o-mini'],
    google: ['chat-bison', 'codechat-bison'],
    anthropic: ['claude-1', 'claude-2'],
    grok: ['grok-3'],
  },
  userProvide: { azureOpenAI: true },
};

describe('the setup of a new conversation (SPEC point 4)', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('takes the requested endpoint when it is enabled, before the last used one', () => {
    rememberSetup({ endpoint: 'anthropic', model: 'claude-2' });
    expect(initialSetup(info, 'google').endpoint).toBe('google');
    expect(initialSetup(info, 'bingAI').endpoint).toBe('anthropic');
  });

  it('takes the last used endpoint of lastConversationSetup, then the first enabled of the fallback order', () => {
    expect(initialSetup(info).endpoint).toBe('openAI');
    localStorage.setItem('lastConversationSetup', JSON.stringify({ endpoint: 'grok', model: 'grok-3' }));
    expect(initialSetup(info).endpoint).toBe('grok');
    // grok is left out of the fallback order: with the last used one gone, anthropic wins over it.
    expect(initialSetup({ ...info, endpoints: ['openAI', 'anthropic'] }).endpoint).toBe('openAI');
    localStorage.setItem('lastConversationSetup', JSON.stringify({ endpoint: 'google' }));
    expect(initialSetup({ ...info, endpoints: ['grok', 'anthropic'] }, null).endpoint).toBe('anthropic');
    expect(initialSetup({ ...info, endpoints: [] }).endpoint).toBe('openAI');
  });

  it('starts with the last used model of that endpoint and lists it first (lastSelectedModel)', () => {
    rememberSetup({ endpoint: 'openAI', model: 'gpt-4o-mini' });
    rememberSetup({ endpoint: 'google', model: 'codechat-bison' });
    expect(JSON.parse(localStorage.getItem('lastSelectedModel')!)).toEqual({ openAI: 'gpt-4o-mini', google: 'codechat-bison' });
    expect(initialSetup(info, 'openAI').model).toBe('gpt-4o-mini');
    expect(pickerModels(info, 'openAI')).toEqual(['gpt-4o-mini', 'gpt-3.5-turbo', 'gpt-4o']);
    expect(pickerModels(info, 'anthropic')).toEqual(['claude-1', 'claude-2']);
  });
});
