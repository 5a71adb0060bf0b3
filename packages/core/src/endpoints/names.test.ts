import { describe, expect, it } from 'vitest';
import {
  availableEndpoints,
  chooseNewConversationEndpoint,
  endpointOrder,
  resolveEndpoint,
  senderName,
} from './names.ts';

describe('endpoint order and aliases', () => {
  it('lists endpoints in the menu order of SPEC point 4', () => {
    expect(endpointOrder).toEqual([
      'azureOpenAI', 'openAI', 'chatGPTBrowser', 'gptPlugins', 'bingAI', 'google', 'anthropic', 'deepSeek', 'grok',
    ]);
  });

  it('keeps only truthy config entries, in display order', () => {
    expect(availableEndpoints({ grok: {}, openAI: { userProvide: false }, google: false, anthropic: null, azureOpenAI: {} }))
      .toEqual(['azureOpenAI', 'openAI', 'grok']);
  });

  it('resolves the legacy chatGPT ask path to chatGPTBrowser and rejects unknown names', () => {
    expect(resolveEndpoint('chatGPT')).toBe('chatGPTBrowser');
    expect(resolveEndpoint('anthropic')).toBe('anthropic');
    expect(resolveEndpoint('toString')).toBeUndefined();
    expect(resolveEndpoint('claude')).toBeUndefined();
  });
});

describe('endpoint choice for a new conversation', () => {
  it('uses the requested endpoint when it is enabled', () => {
    expect(chooseNewConversationEndpoint({ requested: 'grok', lastUsed: 'google', enabled: ['grok', 'google'] })).toBe('grok');
  });

  it('falls back to the last-used endpoint when the requested one is disabled', () => {
    expect(chooseNewConversationEndpoint({ requested: 'grok', lastUsed: 'google', enabled: ['google', 'openAI'] })).toBe('google');
  });

  it('then takes the first enabled endpoint of the fallback order', () => {
    expect(chooseNewConversationEndpoint({ enabled: ['deepSeek', 'bingAI', 'azureOpenAI'] })).toBe('azureOpenAI');
    expect(chooseNewConversationEndpoint({ enabled: ['anthropic', 'google'] })).toBe('google');
  });

  it('never falls back to grok and ends at openAI when nothing fits', () => {
    expect(chooseNewConversationEndpoint({ lastUsed: 'bingAI', enabled: ['grok'] })).toBe('openAI');
    expect(chooseNewConversationEndpoint({ enabled: [] })).toBe('openAI');
  });
});

describe('sender names', () => {
  it('uses the custom label when set, else the endpoint persona', () => {
    expect(senderName('openAI', { chatGptLabel: 'Helper' })).toBe('Helper');
    expect(senderName('azureOpenAI', { chatGptLabel: '  ' })).toBe('ChatGPT');
    expect(senderName('bingAI', { jailbreak: true })).toBe('Sydney');
    expect(senderName('bingAI')).toBe('BingAI');
    expect(senderName('google')).toBe('PaLM2');
    expect(senderName('anthropic', { modelLabel: 'Claude' })).toBe('Claude');
  });
});
